import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createPeople, type People } from '../../test-support/people';
import { newCredential } from '../../test-support/ns-test-client';
import { refreshListSummaries } from '../jobs/list-summaries';

// The case: a Dexcom user uploads 5-minute readings through the Nightscout API, 99 % of
// them present over 14 days. Judged as the portal's 2-minute sensor this read "time CGM active
// 39.6 %", no valid day, no eA1c or GMI and "not enough data" in the clinician's list. A Libre 2
// user on xDrip+ uploads the same way ("xDrip-LibreReceiver", one reading per 5 minutes by
// default); judged as a 1-minute source it read 19.8 %.

const DAY = 86_400_000;
const FIVE = 300_000;
const START = Date.UTC(2026, 10, 1);
const END = START + 14 * DAY;
/** 4,032 five-minute slots, 40 missing: 3,992 × 5 min ÷ 14 days. */
const WEAR = (3992 * 100) / 4032;
const RANGE = 'from=2026-11-01&to=2026-11-14';

/** 75 % in range, 15 % high, 10 % low, every 100th reading missing (99 % present). */
const value = (i: number) => (i % 20 < 15 ? 120 : i % 20 < 18 ? 220 : 60);
const entries = (device: string) =>
  Array.from({ length: (14 * DAY) / FIVE }, (_, i) => i)
    .filter((i) => i % 100 !== 99)
    .map((i) => ({
      type: 'sgv',
      sgv: value(i),
      date: START + i * FIVE,
      dateString: new Date(START + i * FIVE).toISOString(),
      device,
      direction: 'Flat',
      utcOffset: 0,
    }));

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(['share2', 'xDrip-LibreReceiver'])('a 5-minute upload from %s', (device) => {
  let t: TestApp;
  let p: People;

  beforeAll(async () => {
    t = await createTestApp();
    p = await createPeople(t);
    t.clock.set(new Date(END));
    const upload = await newCredential(t, p.ids.patient, p.tokens.patient, 'readwrite');
    const docs = entries(device);
    for (let i = 0; i < docs.length; i += 1000) {
      const res = await t.call('POST', '/api/v1/entries', {
        headers: { 'api-secret': upload.api_secret_sha1 },
        body: docs.slice(i, i + 1000),
      });
      expect(res.status).toBe(200);
    }
    // The list's 14 days are whole hours ending with the current one: the days of the report.
    t.clock.set(new Date(END - 60_000));
  }, 120_000);
  afterAll(() => t.close());

  const trend = async () => {
    const res = await t.call<Loose>('GET', `${API.chartData(p.ids.patient, 'ta')}?${RANGE}`, {
      token: p.tokens.hcp,
    });
    expect(res.status).toBe(200);
    return res.body.report_data;
  };
  const listItem = async () => {
    await refreshListSummaries(t.ctx.db, t.clock.now());
    const list = await t.call<Loose>('GET', API.patients, { token: p.tokens.hcp });
    return (list.body.patients.items as Loose[]).find((x) => x.uid === p.ids.patient);
  };

  it('gives the trend report 99 % time CGM active, 14 valid days, eA1c and GMI', async () => {
    const r = await trend();
    expect(r.sensor_wear).toBeCloseTo(WEAR, 6);
    expect(r.valid_days).toBe(14);
    expect(r.stats.covered_pct).toBeCloseTo(WEAR, 6);
    expect(r.stats.ea1c).not.toBeNull();
    expect(r.stats.gmi).not.toBeNull();
    expect(r.stats.ea1c_withheld).toBeNull();
    expect(r.stats.gmi_withheld).toBeNull();
  });

  it("gives the clinician's list the same time in range as the report, with 99 % coverage", async () => {
    const r = await trend();
    const item = await listItem();
    expect(item?.tir14).toBeTruthy();
    expect(item!.tir14.coverage).toBeCloseTo(WEAR, 6);
    const bands = r.stats.time_in_ranges;
    expect(item!.tir14.in_range).toBeCloseTo(bands.in_range, 9);
    expect(item!.tir14.below).toBeCloseTo(bands.very_low + bands.low, 9);
    expect(item!.triage.bands.very_high).toBeCloseTo(bands.very_high, 9);
    expect(item!.triage.wear).toBeCloseTo(WEAR, 6);
    expect(item!.triage.gmi).toBeCloseTo(r.stats.gmi, 9);
  });

  it.runIf(device === 'xDrip-LibreReceiver')(
    'is judged again by migration 0024 when it was stored as a 1-minute source',
    async () => {
      // The state before the fix: the source recorded as 1 minute (class 1), in sg_sources and in
      // the flags of every stored record (64 × class, glucose-block.ts).
      await t.ctx.db.execute(sql`update sg_blocks set packed = (
          select string_agg(substring(packed from o + 1 for 30) || int2send((sg_i16(packed, o + 30) + 64)::int2)
                 || substring(packed from o + 33 for 4), ''::bytea order by o)
            from generate_series(0, octet_length(packed) - 36, 36) as o)
        where patient_id = ${p.ids.patient}`);
      await t.ctx.db.execute(sql`update sg_sources set class = 1 where patient_id = ${p.ids.patient}`);
      // As a write of that time would have, the data event moves on: the list computes it again.
      await t.ctx.db.execute(
        sql`update patient_data_events set event_no = event_no + 1 where patient_id = ${p.ids.patient}`,
      );
      expect((await trend()).sensor_wear).toBeCloseTo(WEAR / 5, 6);
      expect((await listItem())!.tir14.coverage).toBeCloseTo(WEAR / 5, 6);

      const migration = readFileSync(
        new URL('../../drizzle/0024_libre_receiver_inferred.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) {
        await t.ctx.db.execute(sql.raw(statement));
      }
      const r = await trend();
      expect(r.sensor_wear).toBeCloseTo(WEAR, 6);
      expect(r.valid_days).toBe(14);
      expect(r.stats.gmi_withheld).toBeNull();
      // The migration moved the data event on, so the list's summary was computed again.
      expect((await listItem())!.tir14.coverage).toBeCloseTo(WEAR, 6);
    },
  );
});
