import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, MONITOR_LOW_KEYS, type MonitorProfile, type MonitorSettings } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, MAY_NOT_READ, MAY_READ, type People, type Who } from '../../../test-support/people';
import { monitorSettings, profiles } from '../../platform/db/schema';

let t: TestApp;
let p: People;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  p = await createPeople(t, { patient: 'GB', other: 'DE' });
});
afterAll(() => t.close());

type SettingsBody = { error: number; settings: MonitorSettings; details?: Array<{ path: string }> };
const get = (who: Who, id = p.ids.patient) =>
  t.call<SettingsBody>('GET', API.settings(id), { token: p.tokens[who] });
const save = (who: Who, body: unknown, id = p.ids.patient) =>
  t.call<SettingsBody>('POST', API.monitorSettings(id), { token: p.tokens[who], body });
const storedRow = async () =>
  (await t.ctx.db.select().from(monitorSettings).where(eq(monitorSettings.patientId, p.ids.patient)))[0];

describe('monitor settings defaults', () => {
  it('answers the defaults until saved, in the unit of the patient country (spec §9)', async () => {
    const res = await get('patient');
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({
      unit: 'mmol/L',
      blos_low: 70,
      bb_low: 70,
      night_low: 70,
      blos_high: 180,
      as_high: 180,
      hypo: 56,
      target_low: 70,
      target_high: 180,
      alarm_display: 'On',
      glucose_display: 'On',
      saved: false,
      updated_at: null,
    });
    // A German patient's default is mg/dL.
    expect((await get('other', p.ids.other)).body.settings.unit).toBe('mg/dL');
  });
});

describe('saving monitor settings (spec §5: lows clamped to 60–100 mg/dL)', () => {
  it.each([
    [50, 60],
    [59.9, 60],
    [60, 60],
    [85, 85],
    [100, 100],
    [120, 100],
  ])('a low of %s mg/dL is stored as %s', async (typed, stored) => {
    const body = { unit: 'mg/dL', ...Object.fromEntries(MONITOR_LOW_KEYS.map((k) => [k, typed])) };
    const res = await save('patient', body);
    expect(res.status).toBe(200);
    for (const key of MONITOR_LOW_KEYS) expect(res.body.settings[key]).toBe(stored);
    expect(res.body.settings).toMatchObject({ unit: 'mg/dL', saved: true });
  });

  it.each([
    [2.5, 60],
    [3.9, 70.2],
    [5, 90],
    [6, 100],
  ])('a low of %s mmol/L is stored as %s mg/dL', async (typed, stored) => {
    const res = await save('patient', { unit: 'mmol/L', bl_low: typed, night_low: typed });
    expect(res.status).toBe(200);
    expect(res.body.settings.bl_low).toBe(stored);
    expect(res.body.settings.night_low).toBe(stored);
    expect(res.body.settings.unit).toBe('mmol/L');
  });

  it('converts every value written in mmol/L, clamping only the lows', async () => {
    const res = await save('patient', {
      unit: 'mmol/L',
      hypo: 3.1,
      target_low: 4,
      target_high: 10,
      blos_high: 13.9,
      bb_low: 2.2,
    });
    expect(res.body.settings).toMatchObject({
      hypo: 55.8,
      target_low: 72,
      target_high: 180,
      blos_high: 250.2,
      bb_low: 60,
    });
    const row = await storedRow();
    expect(row).toMatchObject({ hypo: 55.8, bb_low: 60, unit: 'mmol/L', updatedBy: p.ids.patient });
  });

  it('changes only the fields sent', async () => {
    const before = (await get('patient')).body.settings;
    t.clock.advance(60_000);
    const res = await save('patient', { unit: 'mmol/L', alarm_display: 'Off' });
    expect(res.body.settings).toEqual({
      ...before,
      alarm_display: 'Off',
      updated_at: Date.parse('2026-11-21T12:01:00Z'),
    });
  });

  it.each([
    ['target_low above target_high', { unit: 'mg/dL', target_low: 190, target_high: 180 }, 'target_low'],
    ['target_low equal to target_high', { unit: 'mg/dL', target_low: 150, target_high: 150 }, 'target_low'],
    ['a target above 400 mg/dL', { unit: 'mg/dL', target_high: 401 }, 'target_high'],
    ['a high above 22.2 mmol/L', { unit: 'mmol/L', night_high: 23 }, 'night_high'],
    ['a high below its clamped low', { unit: 'mg/dL', bb_low: 120, bb_high: 95 }, 'bb_high'],
    ['hypo at or above target_low', { unit: 'mg/dL', hypo: 80, target_low: 80 }, 'hypo'],
  ])('refuses %s with 400 and saves nothing', async (_name, body, path) => {
    const before = await storedRow();
    const res = await save('patient', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.details?.map((d) => d.path)).toContain(path);
    expect(await storedRow()).toEqual(before);
  });

  it.each([
    ['no unit', { target_low: 80 }],
    ['an unknown unit', { unit: 'mmol', target_low: 80 }],
    ['a text value', { unit: 'mg/dL', target_low: '80' }],
    ['a negative value', { unit: 'mg/dL', hypo: -1 }],
    ['alarm_display not On/Off', { unit: 'mg/dL', alarm_display: 'yes' }],
  ])('refuses a body with %s (400, nothing saved)', async (_name, body) => {
    const before = await storedRow();
    const res = await save('patient', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect(res.body.details?.length).toBeGreaterThan(0);
    expect(await storedRow()).toEqual(before);
  });
});

describe('who may read and change settings (spec §6)', () => {
  it.each(MAY_READ)('%s may read them', async (who) => {
    expect((await get(who)).status).toBe(200);
  });

  it.each(MAY_NOT_READ)('%s may not read them', async (who) => {
    const res = await get(who);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
  });

  it.each(['carer', 'hcp'] as const)('an accepted %s may change them', async (who) => {
    const res = await save(who, { unit: 'mg/dL', glucose_display: 'Off' });
    expect(res.status).toBe(200);
    expect((await storedRow())?.updatedBy).toBe(p.ids[who]);
  });

  it.each(MAY_NOT_READ)('%s may not change them, and nothing changes', async (who) => {
    const before = await storedRow();
    expect((await save(who, { unit: 'mg/dL', target_high: 200 })).status).toBe(403);
    expect(await storedRow()).toEqual(before);
  });

  it('answers an unknown patient id as for a stranger, and 401 without a token', async () => {
    expect((await get('carer', 'no-such-patient')).status).toBe(403);
    expect((await save('carer', { unit: 'mg/dL' }, 'no-such-patient')).status).toBe(403);
    expect((await t.call('GET', API.settings(p.ids.patient))).status).toBe(401);
  });
});

describe('monitor profile (spec §7 GET monitor/{id}/profile)', () => {
  const profile = (who: Who, id = p.ids.patient) =>
    t.call<{ error: number; profile: MonitorProfile }>('GET', API.monitorProfile(id), {
      token: p.tokens[who],
    });

  it("gives the monitor header the patient's name, details, age and settings", async () => {
    await t.ctx.db
      .update(profiles)
      .set({ alias: 'Pat', gender: 'female', diabetesType: 'type1', birthday: '2010-11-22' })
      .where(eq(profiles.userId, p.ids.patient));
    const res = await profile('carer');
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      uid: p.ids.patient,
      realname: 'Test patient',
      alias: 'Pat',
      gender: 'female',
      diabetes_type: 'type1',
      birthday: '2010-11-22',
      // The clock says 2026-11-21: the 16th birthday is tomorrow.
      age: 15,
      has_portrait: false,
    });
    expect(res.body.profile.settings).toEqual((await get('patient')).body.settings);
  });

  it('has no age without a birthday', async () => {
    const res = await profile('other', p.ids.other);
    expect(res.body.profile).toMatchObject({ birthday: null, age: null, alias: null });
    expect(res.body.profile.settings.saved).toBe(false);
  });

  it.each(MAY_NOT_READ)('is refused to %s', async (who) => {
    expect((await profile(who)).status).toBe(403);
  });
});
