import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type ConnectionsResponse, type MonitorStatus, type RelationsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, TEST_PASSWORD, type People } from '../../../test-support/people';
import { invitationCodes, outbox, relations } from '../../platform/db/schema';

let t: TestApp;
let p: People;
const NOW = Date.parse('2026-11-21T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(NOW));
  p = await createPeople(t);
  const device = await registerDevice(t, p.tokens.patient);
  const base = (seq: number, minutesAgo: number) => ({
    serial: 'TX-1',
    seq,
    time: NOW - minutesAgo * 60_000,
    utc_offset_min: 0,
  });
  const res = await device.ingest([
    { type: 'sg', ...base(1, 5), mgdl: 123, rate: 5 },
    { type: 'sensor_status', ...base(2, 5), status: 'monitoring', battery_percent: 64 },
  ]);
  expect(res.body.stored).toBe(2);
});
afterAll(() => t.close());

const connections = (token: string) =>
  t.call<ConnectionsResponse & { error: number }>('GET', API.connections, { token });

describe('the follower’s connections (spec §3 Connection item, §7 monitor/connections)', () => {
  it('lists each accepted patient with the sensor and pump state the monitor reports', async () => {
    const res = await connections(p.tokens.carer);
    expect(res.status).toBe(200);
    expect(res.body.connections).toHaveLength(1);
    const status = (
      await t.call<{ status: MonitorStatus }>('GET', API.monitorStatus(p.ids.patient), {
        token: p.tokens.carer,
      })
    ).body.status;
    expect(res.body.connections[0]).toEqual({
      uid: p.ids.patient,
      username: 'patient@example.com',
      alias: null,
      real_name: 'Test patient',
      sensor_status: status.sensor_status,
      pump_status: status.pump_status,
      // The unit the patient's monitor shows: their country's default until they choose one.
      unit: (
        await t.call<{ settings: { unit: string } }>('GET', API.settings(p.ids.patient), {
          token: p.tokens.carer,
        })
      ).body.settings.unit,
    });
    expect(res.body.connections[0]!.sensor_status).toMatchObject({
      glucose: 123,
      glucoseRate: 5,
      stale: false,
    });
    expect(res.body.requests).toEqual([]);
    expect(res.body.server_time).toBe(NOW);
  });

  it.each([
    ['pending', 'request sent'],
    ['removed', 'removed'],
    ['rejected', 'rejected'],
  ] as const)('shows %s only its own request, status %s, masked, with no data', async (who, status) => {
    const res = await connections(p.tokens[who]);
    expect(res.body.connections).toEqual([]);
    expect(res.body.requests).toEqual([
      expect.objectContaining({
        uid: p.ids.patient,
        username: 'patient@example.com',
        real_name: 'T*** p***',
        status,
      }),
    ]);
  });

  it("gives each patient in the unit of the patient's own monitor settings, whoever looks", async () => {
    const unitOf = async (token: string) => (await connections(token)).body.connections[0]!.unit;
    const before = await unitOf(p.tokens.carer);
    const other = before === 'mg/dL' ? 'mmol/L' : 'mg/dL';
    const save = await t.call('POST', API.monitorSettings(p.ids.patient), {
      token: p.tokens.patient,
      body: { unit: other },
    });
    expect(save.status).toBe(200);
    expect(await unitOf(p.tokens.carer)).toBe(other);
    expect(await unitOf(p.tokens.hcp)).toBe(other);
  });

  it('shows strangers nothing, refuses patients and answers error 14 without a valid token', async () => {
    expect((await connections(p.tokens.stranger)).body).toMatchObject({ connections: [], requests: [] });
    expect((await connections(p.tokens.patient)).status).toBe(403);
    const res = await t.call('GET', API.connections);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(ErrorCode.TOKEN_INVALID);
  });

  it('drops a patient from the list at once when the follower is removed', async () => {
    await t.call('POST', API.relationsCancel, { token: p.tokens.patient, body: { uid: p.ids.carer } });
    const res = await connections(p.tokens.carer);
    expect(res.body.connections).toEqual([]);
    expect(res.body.requests[0]).toMatchObject({ status: 'removed', since: NOW });
  });
});

describe('login response counts (spec §3 login response)', () => {
  it('gives a patient the number of requests waiting', async () => {
    const login = await t.call('POST', API.login, {
      body: { username: 'patient@example.com', password: TEST_PASSWORD, user_type: 'P' },
    });
    expect(login.body).toMatchObject({ error: 0, connection_request: 1, unread_message: 0 });
    const session = await t.call('GET', API.session, { token: login.body.token as string });
    expect(session.body).toMatchObject({ connection_request: 1 });
  });
});

describe('registration with an HCP’s invitation code (status invited)', () => {
  async function register(email: string, code: string, accountType: 'P' | 'M' = 'P') {
    const sent = await t.call('POST', API.seccodeSend, { body: { email, purpose: 'register' } });
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.createdAt));
    const res = await t.call('POST', API.register, {
      body: {
        account_type: accountType,
        email,
        seccode_token: sent.body.token,
        code: /\b(\d{6})\b/.exec(mail!.body)![1],
        invitation_code: code,
        realname: 'Invited Person',
        password: TEST_PASSWORD,
        birthday: '1988-03-04',
        country: 'GB',
        language: 'en',
        agree_terms: true,
        terms_version: t.ctx.config.TERMS_VERSION,
      },
    });
    expect(res.body.error).toBe(0);
    const login = await t.call('POST', API.login, {
      body: { username: email, password: TEST_PASSWORD, user_type: 'P' },
    });
    return { id: res.body.uid as string, token: login.body.token as string };
  }

  it('creates a pending relation the patient still decides; both see it as invited', async () => {
    await t.ctx.db
      .insert(invitationCodes)
      .values([
        { code: 'HCP-INV-1', createdBy: p.ids.hcp },
        { code: 'HCP-INV-2', createdBy: p.ids.hcp },
        { code: 'OPERATOR-1' },
      ]);
    const invited = await register('invited@example.com', 'HCP-INV-1');
    const rel = await t.call<RelationsResponse>('GET', API.relations, { token: invited.token });
    expect(rel.body.pending).toEqual([
      expect.objectContaining({ uid: p.ids.hcp, status: 'invited', state: 'pending', follower_type: 'D' }),
    ]);
    const mine = await connections(p.tokens.hcp);
    expect(mine.body.requests.find((r) => r.uid === invited.id)).toMatchObject({ status: 'invited' });
    // Invited is not consent.
    expect((await t.call('GET', API.monitorStatus(invited.id), { token: p.tokens.hcp })).status).toBe(403);
    // The patient may cancel an invitation; the HCP may then ask again, which is a plain request.
    expect(
      (await t.call('POST', API.relationsCancel, { token: invited.token, body: { uid: p.ids.hcp } })).body,
    ).toEqual({
      error: 0,
      status: 'cancelled',
    });
    // The HCP is told, so the invitation does not look pending to them for ever.
    const told = await t.call<{ messages: Array<{ message_type: string; uid: string }> }>(
      'GET',
      API.messages,
      {
        token: p.tokens.hcp,
      },
    );
    expect(told.body.messages[0]).toMatchObject({
      message_type: 'RELATION_AUTH_INVITATION_CANCEL',
      uid: invited.id,
    });
    t.clock.advance(1000);
    await t.call('POST', API.relationsRequest, {
      token: p.tokens.hcp,
      body: { username: 'invited@example.com' },
    });
    const again = await t.call<RelationsResponse>('GET', API.relations, { token: invited.token });
    expect(again.body.pending[0]).toMatchObject({ status: 'requested' });
    expect(
      (await t.call('POST', API.relationsPermit, { token: invited.token, body: { uid: p.ids.hcp } })).status,
    ).toBe(200);
    expect((await t.call('GET', API.monitorStatus(invited.id), { token: p.tokens.hcp })).status).toBe(200);
  });

  it('makes no relation for an operator’s code or a carer registering', async () => {
    const plain = await register('plain@example.com', 'OPERATOR-1');
    const carer = await register('carer2@example.com', 'HCP-INV-2', 'M');
    for (const id of [plain.id, carer.id]) {
      const rows = await t.ctx.db
        .select()
        .from(relations)
        .where(and(eq(relations.followerId, p.ids.hcp), eq(relations.patientId, id)));
      expect(rows).toEqual([]);
    }
  });
});
