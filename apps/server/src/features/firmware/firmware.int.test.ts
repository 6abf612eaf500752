import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type FirmwareChange, type FirmwareRelease } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { firmwareReleases } from '../../platform/db/schema';
import { createOpsCast, NOT_ADMINS, type OpsCast, type OpsWho } from '../../../test-support/ops-cast';

let t: TestApp;
let c: OpsCast;
type Body = {
  error: number;
  release: FirmwareRelease;
  releases: FirmwareRelease[];
  can_manage: boolean;
  changes: FirmwareChange[];
  paging: { total: number };
  message?: string;
  details?: Array<{ path: string; message: string }>;
};

const create = (who: OpsWho, body: unknown) =>
  t.call<Body>('POST', API.opsFirmware, { token: c.tokens[who], body });
/** Completing and withdrawing are confirmed, as the screen does after asking. */
const move = (who: OpsWho, id: string, state: string, confirm = ['completed', 'withdrawn'].includes(state)) =>
  t.call<Body>('POST', API.opsFirmwareState(id), {
    token: c.tokens[who],
    body: confirm ? { state, confirm: true } : { state },
  });
const list = (who: OpsWho, q = '') => t.call<Body>('GET', `${API.opsFirmware}${q}`, { token: c.tokens[who] });
const history = (who: OpsWho, q = '') =>
  t.call<Body>('GET', `${API.opsFirmwareHistory}${q}`, { token: c.tokens[who] });

let patchDe: FirmwareRelease;
let sensorFr: FirmwareRelease;
let serialsOnly: FirmwareRelease;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  c = await createOpsCast(t);
  patchDe = (
    await create('super', {
      device_type: 'patch',
      version: '2.4.1',
      notes: 'Occlusion detection',
      target_serials: [],
      target_regions: ['de'],
    })
  ).body.release;
  t.clock.advance(60_000);
  sensorFr = (
    await create('super', {
      device_type: 'sensor',
      version: '1.0.0-rc.1',
      notes: '',
      target_serials: [],
      target_regions: ['FR'],
    })
  ).body.release;
  t.clock.advance(60_000);
  serialsOnly = (
    await create('super', {
      device_type: 'pdm',
      version: '3.0.0',
      notes: 'Pilot',
      target_serials: ['PDM-001', 'PDM-002', 'PDM-001'],
      target_regions: [],
    })
  ).body.release;
});
afterAll(() => t.close());

describe('creating releases (/otamanagement)', () => {
  it('creates drafts with their targets', () => {
    expect(patchDe).toMatchObject({
      device_type: 'patch',
      version: '2.4.1',
      target_regions: ['DE'],
      state: 'draft',
      next_states: ['rolling_out', 'withdrawn'],
      created_by: c.ids.super,
    });
    expect(serialsOnly.target_serials).toEqual(['PDM-001', 'PDM-002']);
  });

  it.each([
    ['a version that is not semantic', { version: '2.4' }],
    ['an unknown device type', { device_type: 'watch' }],
    ['no target at all', { target_regions: [] }],
    ['an unknown region', { target_regions: ['atlantis'] }],
    ['a bad serial', { target_serials: ['a b'] }],
  ])('refuses %s', async (_, change) => {
    const body = {
      device_type: 'patch',
      version: '9.9.9',
      notes: '',
      target_serials: [],
      target_regions: ['DE'],
      ...change,
    };
    const res = await create('super', body);
    expect([res.status, res.body.error]).toEqual([400, ErrorCode.INVALID_INPUT]);
  });

  it('refuses the same version twice for a device type', async () => {
    const res = await create('super', {
      device_type: 'patch',
      version: '2.4.1',
      notes: '',
      target_serials: [],
      target_regions: ['europe'],
    });
    expect(res.status).toBe(409);
  });

  it('is for the super admin only', async () => {
    const body = {
      device_type: 'patch',
      version: '5.0.0',
      notes: '',
      target_serials: [],
      target_regions: ['DE'],
    };
    expect((await create('de', body)).status).toBe(403);
    expect((await move('de', patchDe.id, 'rolling_out')).status).toBe(403);
    const edit = await t.call('POST', API.opsFirmwareRelease(patchDe.id), {
      token: c.tokens.de,
      body: { notes: 'x', target_serials: [], target_regions: ['DE'] },
    });
    expect(edit.status).toBe(403);
  });
});

describe('rollout states', () => {
  it('follows draft → rolling_out ⇄ paused → completed', async () => {
    expect((await move('super', patchDe.id, 'rolling_out')).body.release.state).toBe('rolling_out');
    expect((await move('super', patchDe.id, 'paused')).body.release.state).toBe('paused');
    expect((await move('super', patchDe.id, 'rolling_out')).body.release.state).toBe('rolling_out');
    // Completing is final: without the confirmation the server refuses and nothing moves.
    const unconfirmed = await move('super', patchDe.id, 'completed', false);
    expect([unconfirmed.status, unconfirmed.body.details]).toEqual([
      400,
      [{ path: 'confirm', message: 'admin.confirmRequired' }],
    ]);
    expect((await list('super', '?state=rolling_out')).body.releases.map((r) => r.id)).toContain(patchDe.id);
    const done = await move('super', patchDe.id, 'completed');
    expect(done.body.release).toMatchObject({ state: 'completed', next_states: [] });
  });

  it('refuses moves the state machine does not have, changing nothing', async () => {
    const res = await move('super', patchDe.id, 'withdrawn');
    expect([res.status, res.body.message]).toEqual([409, 'firmware.badMove']);
    expect((await move('super', sensorFr.id, 'completed')).status).toBe(409);
    expect((await move('super', sensorFr.id, 'draft')).status).toBe(409);
    expect((await list('super', '?state=completed')).body.releases.map((r) => r.id)).toEqual([patchDe.id]);
  });

  it('withdraws anything not completed, after a confirmation, and then edits nothing more', async () => {
    expect((await move('super', sensorFr.id, 'withdrawn', false)).status).toBe(400);
    expect((await move('super', sensorFr.id, 'withdrawn')).body.release.state).toBe('withdrawn');
    const edit = await t.call('POST', API.opsFirmwareRelease(sensorFr.id), {
      token: c.tokens.super,
      body: { notes: 'late', target_serials: [], target_regions: ['FR'] },
    });
    expect(edit.status).toBe(409);
  });

  it('edits notes and targets of a release still open', async () => {
    const edit = await t.call<Body>('POST', API.opsFirmwareRelease(serialsOnly.id), {
      token: c.tokens.super,
      body: { notes: 'Pilot, second wave', target_serials: ['PDM-003'], target_regions: ['europe'] },
    });
    expect(edit.body.release).toMatchObject({
      notes: 'Pilot, second wave',
      target_serials: ['PDM-003'],
      target_regions: ['europe'],
    });
  });
});

describe('reading releases and their history (/otamanagementHistory)', () => {
  it("shows account admins their scope's releases, read-only", async () => {
    const de = await list('de');
    expect(de.body.can_manage).toBe(false);
    expect(de.body.releases.map((r) => r.version)).toEqual(['3.0.0', '2.4.1']);
    expect((await list('fr')).body.releases.map((r) => r.version)).toEqual(['3.0.0', '1.0.0-rc.1']);
    expect((await list('super')).body).toMatchObject({ can_manage: true });
    expect((await list('super', '?device_type=sensor')).body.releases.map((r) => r.version)).toEqual([
      '1.0.0-rc.1',
    ]);
  });

  it("lists one release's changes, newest first, with who and what", async () => {
    const res = await history('de', `?release_id=${patchDe.id}`);
    expect(res.body.changes.map((h) => [h.action, h.detail?.from ?? null, h.detail?.to ?? null])).toEqual([
      ['firmware.state', 'rolling_out', 'completed'],
      ['firmware.state', 'paused', 'rolling_out'],
      ['firmware.state', 'rolling_out', 'paused'],
      ['firmware.state', 'draft', 'rolling_out'],
      ['firmware.create', null, null],
    ]);
    expect(res.body.changes[0]!.actor).toBe('super@ops.example');
  });

  it("lists every change of the scope's releases, and hides other countries' releases", async () => {
    const all = await history('super', '?size=100');
    expect(all.body.paging.total).toBe(9);
    // The PDM release now targets Europe, which holds Germany and France.
    const de = await history('de', '?size=100');
    expect(new Set(de.body.changes.map((h) => h.release_id))).toEqual(new Set([patchDe.id, serialsOnly.id]));
    expect((await list('fr')).body.releases.map((r) => r.version)).toEqual(['3.0.0', '1.0.0-rc.1']);
    expect((await history('de', `?release_id=${sensorFr.id}`)).status).toBe(404);
  });
});

describe('who may read releases', () => {
  it.each(NOT_ADMINS)('%s may not', async (who) => {
    expect((await list(who)).status).toBe(403);
    expect((await history(who)).status).toBe(403);
  });
});

// Last: it adds a release and its history rows, which the counts above do not expect.
describe('the unique version', () => {
  it('creates a version once when two admins create it at the same time', async () => {
    const body = {
      device_type: 'pdm',
      version: '9.9.9',
      notes: '',
      target_serials: [],
      target_regions: ['DE'],
    };
    const answers = await Promise.all([create('super', body), create('super', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      (await list('super', '?device_type=pdm')).body.releases.filter((r) => r.version === '9.9.9'),
    ).toHaveLength(1);
    // The database refuses a second row too, whatever the service checked before.
    const row = (
      await t.ctx.db.select().from(firmwareReleases).where(eq(firmwareReleases.version, '9.9.9'))
    )[0]!;
    await expect(t.ctx.db.insert(firmwareReleases).values({ ...row, id: 'dup' })).rejects.toThrow();
  });
});
