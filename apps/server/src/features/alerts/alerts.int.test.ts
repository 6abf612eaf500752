import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, type ActiveAlert } from '@cgm/contract';
import { defaultAlertSettings } from '@cgm/domain';
import { alertLog, outbox, relations } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People, type Who } from '../../../test-support/people';

// Follower alerts end to end on the server (issue 16): evaluated on the "patient data changed"
// event and on the timer, state in the database, urgent repeats, shared acknowledgement, consent.

let t: TestApp;
let p: People;
let ingest: (records: unknown[]) => Promise<{ status: number }>;
const MIN = 60_000;
const T0 = Date.parse('2026-11-26T12:00:00Z');
let seq = 1;

const sg = (time: number, mgdl: number) => ({
  type: 'sg',
  serial: 'TX-1',
  utc_offset_min: 0,
  seq: seq++,
  time,
  mgdl,
});
const settingsOn = (who: Who, over = {}) =>
  t.call('POST', API.alertSettings(p.ids.patient), {
    token: p.tokens[who],
    body: { on: true, settings: { ...defaultAlertSettings('mg/dL'), ...over } },
  });
const active = async (who: Who) =>
  (await t.call<{ alerts: ActiveAlert[] }>('GET', API.alertsActive, { token: p.tokens[who] })).body.alerts;
const logOf = (action: string, who: Who) =>
  t.ctx.db
    .select()
    .from(alertLog)
    .where(and(eq(alertLog.action, action), eq(alertLog.followerId, p.ids[who])));
const settle = () => t.app.alertEngine.idle();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(T0));
  p = await createPeople(t);
  ingest = (await registerDevice(t, p.tokens.patient, 'TX-1')).ingest;
});
afterAll(() => t.close());

describe('follower alert settings', () => {
  it('refuses settings outside the limits with a clear error, and stores nothing', async () => {
    const res = await settingsOn('carer', { lowMgdl: 50 });
    expect(res.status).toBe(400);
    const bad = await settingsOn('carer', { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    const read = await t.call('GET', API.alertSettings(p.ids.patient), { token: p.tokens.carer });
    expect(read.body).toMatchObject({
      on: false,
      settings: { lowMgdl: 70, highMgdl: 250, noDataMinutes: 20 },
    });
  });

  it('lets only those who may change the patient’s settings have alerts', async () => {
    for (const who of ['stranger', 'pending', 'removed', 'other'] as const) {
      expect((await settingsOn(who)).status).toBe(403);
    }
    expect((await settingsOn('carer')).status).toBe(200);
    expect((await settingsOn('hcp')).status).toBe(200);
  });
});

describe('an urgent low', () => {
  it('is raised on the data change and delivered (no browser subscribed: e-mail), every attempt logged', async () => {
    const sent = await ingest([sg(T0 - 10 * MIN, 80), sg(T0 - 5 * MIN, 65), sg(T0, 50)]);
    expect(sent.status).toBe(200);
    await settle();
    const a = await active('carer');
    expect(a).toEqual([
      expect.objectContaining({ kind: 'urgentLow', urgent: true, value: 50, acknowledgedAt: null }),
    ]);
    expect(await logOf('raise', 'carer')).toHaveLength(1);
    const deliveries = await logOf('deliver', 'carer');
    expect(deliveries.map((d) => [d.channel, d.outcome])).toEqual([
      ['inApp', 'sent'],
      ['push', 'none'],
      ['email', 'sent'],
    ]);
    const mails = await t.ctx.db.select().from(outbox);
    expect(mails.some((m) => m.subject.includes('urgent low glucose'))).toBe(true);
  });

  it('is evaluated once however often the same change is evaluated', async () => {
    await Promise.all([t.app.alertEngine.evaluate(p.ids.patient), t.app.alertEngine.evaluate(p.ids.patient)]);
    await t.app.alertEngine.sweep();
    expect(await logOf('raise', 'carer')).toHaveLength(1);
  });

  it('repeats every 5 minutes until a follower acknowledges it, and shows the acknowledgement to the others', async () => {
    t.clock.set(new Date(T0 + 4 * MIN));
    await ingest([sg(T0 + 4 * MIN, 48)]);
    await settle();
    expect(await logOf('repeat', 'carer')).toHaveLength(0);
    t.clock.set(new Date(T0 + 5 * MIN));
    await t.app.alertEngine.sweep();
    expect(await logOf('repeat', 'carer')).toHaveLength(1);

    const [alert] = await active('hcp');
    const ack = await t.call('POST', API.alertAcknowledge(p.ids.patient), {
      token: p.tokens.hcp,
      body: { episodeId: alert!.episodeId },
    });
    expect(ack.status).toBe(200);
    t.clock.set(new Date(T0 + 11 * MIN));
    await ingest([sg(T0 + 11 * MIN, 49)]);
    await settle();
    expect(await logOf('repeat', 'carer')).toHaveLength(1);
    const [seen] = await active('carer');
    expect(seen?.acknowledgedAt).toBe(T0 + 5 * MIN);
    expect(seen?.acknowledgedBy).toBeTruthy();
  });

  it('alerts again 30 minutes after the acknowledgement if it still holds', async () => {
    t.clock.set(new Date(T0 + 35 * MIN));
    await ingest([sg(T0 + 35 * MIN, 50)]);
    await settle();
    expect(await logOf('raise', 'carer')).toHaveLength(2);
  });

  it('refuses a snooze of an episode of another patient as not found', async () => {
    const res = await t.call('POST', API.alertSnooze(p.ids.other), {
      token: p.tokens.other,
      body: { episodeId: (await active('carer'))[0]!.episodeId, minutes: 30 },
    });
    expect(res.status).toBe(404);
  });

  it('stops alerting a follower whose connection ends mid-alert', async () => {
    await t.ctx.db
      .update(relations)
      .set({ state: 'removed' })
      .where(and(eq(relations.patientId, p.ids.patient), eq(relations.followerId, p.ids.carer)));
    const before = (await logOf('repeat', 'carer')).length + (await logOf('raise', 'carer')).length;
    t.clock.set(new Date(T0 + 45 * MIN));
    await ingest([sg(T0 + 45 * MIN, 47)]);
    await settle();
    await t.app.alertEngine.sweep();
    const after = (await logOf('repeat', 'carer')).length + (await logOf('raise', 'carer')).length;
    expect(after).toBe(before);
    expect(await active('carer')).toEqual([]);
    expect((await logOf('repeat', 'hcp')).length).toBeGreaterThan(0);
  });

  it('ends when the glucose is back up, and the history lists it', async () => {
    t.clock.set(new Date(T0 + 47 * MIN));
    await ingest([sg(T0 + 47 * MIN, 120)]);
    await settle();
    expect(await active('hcp')).toEqual([]);
    const h = await t.call<{ entries: Array<{ action: string; kind: string }> }>(
      'GET',
      API.alertHistory(p.ids.patient),
      { token: p.tokens.patient },
    );
    const actions = new Set(h.body.entries.map((e) => e.action));
    expect([...actions].sort()).toEqual(['acknowledge', 'deliver', 'end', 'raise', 'repeat']);
  });
});

describe('the alert history of a range (the alerts report’s)', () => {
  it('lists only what happened in [from_ms, to_ms), and refuses a range it cannot serve', async () => {
    type History = { entries: Array<{ at: number; action: string }> };
    const of = (query: string) =>
      t.call<History>('GET', `${API.alertHistory(p.ids.patient)}?${query}`, { token: p.tokens.hcp });
    const all = await of('');
    const raised = all.body.entries.filter((e) => e.action === 'raise').map((e) => e.at);
    expect(raised).toContain(T0);
    const window = await of(`from_ms=${T0 + MIN}&to_ms=${T0 + 46 * MIN}`);
    expect(window.status).toBe(200);
    expect(window.body.entries.length).toBeGreaterThan(0);
    expect(window.body.entries.every((e) => e.at >= T0 + MIN && e.at < T0 + 46 * MIN)).toBe(true);
    expect(window.body.entries.length).toBeLessThan(all.body.entries.length);
    expect((await of(`from_ms=${T0}&to_ms=${T0 + 93 * 86_400_000}`)).status).toBe(400);
    expect((await of(`from_ms=${T0}&to_ms=${T0 - 1}`)).status).toBe(400);
    expect((await of(`from_ms=${T0}`)).status).toBe(400);
    const stranger = await t.call(
      'GET',
      `${API.alertHistory(p.ids.patient)}?from_ms=${T0}&to_ms=${T0 + MIN}`,
      {
        token: p.tokens.stranger,
      },
    );
    expect(stranger.status).toBe(403);
  });
});

describe('no data', () => {
  it('is raised by the timer once the follower’s delay has passed', async () => {
    t.clock.set(new Date(T0 + 47 * MIN + 20 * MIN));
    await t.app.alertEngine.sweep();
    expect((await active('hcp')).map((a) => a.kind)).toEqual([]);
    t.clock.set(new Date(T0 + 47 * MIN + 20 * MIN + 1));
    await t.app.alertEngine.sweep();
    expect((await active('hcp')).map((a) => a.kind)).toEqual(['noData']);
  });
});

describe('the patient', () => {
  it('sees who is alerted and can stop a follower', async () => {
    const list = await t.call<{ followers: Array<{ uid: string; on: boolean }> }>(
      'GET',
      API.alertFollowers(p.ids.patient),
      { token: p.tokens.patient },
    );
    expect(list.body.followers.map((f) => f.uid).sort()).toEqual([p.ids.carer, p.ids.hcp].sort());
    const stop = await t.call('POST', API.alertFollowers(p.ids.patient), {
      token: p.tokens.patient,
      body: { followerId: p.ids.hcp, stopped: true },
    });
    expect(stop.status).toBe(200);
    expect((await settingsOn('hcp')).status).toBe(403);
    const before = (await logOf('repeat', 'hcp')).length + (await logOf('raise', 'hcp')).length;
    t.clock.set(new Date(T0 + 2 * 60 * MIN));
    await ingest([sg(T0 + 2 * 60 * MIN, 45)]);
    await settle();
    const after = (await logOf('repeat', 'hcp')).length + (await logOf('raise', 'hcp')).length;
    expect(after).toBe(before);
    expect((await t.call('GET', API.alertFollowers(p.ids.patient), { token: p.tokens.carer })).status).toBe(
      403,
    );
  });
});
