import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API, type DeviceRecord } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createPeople, type People } from '../../test-support/people';
import { createAccount } from '../accounts/create-account';
import { relations } from '../platform/db/schema';
import { newId } from '../platform/lib/crypto';
import { appendRecords } from './append-records';
import { refreshListSummaries } from '../jobs/list-summaries';

// One read path: whatever timeline a patient's sources write (sensors of the portal, uploaders at
// their own intervals, duplicates, two sources at one instant, display codes, C and CX), the live
// monitor's chart and the daily report draw the same series, and the clinician's list gives the
// same 14-day time in range as the dashboard.

const MIN = 60_000;
const DAY = 86_400_000;
const DAY0 = Date.UTC(2026, 5, 1); // the day under test, UTC (offsets 0)
let t: TestApp;
let p: People;

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A random timeline: per source a start, an interval, values, some gaps and flags. */
const timeline = (from: number, span: number) =>
  fc
    .array(
      fc.record({
        serial: fc.constantFrom('TX-A', 'TX-B', 'xDrip-DexcomG6', 'LibreLink'),
        uploaded: fc.boolean(),
        startMin: fc.integer({ min: 0, max: 60 }),
        stepMin: fc.constantFrom(1, 2, 5, 15),
        values: fc.array(
          fc.oneof(
            { weight: 8, arbitrary: fc.double({ min: 39, max: 401, noNaN: true }) },
            { weight: 1, arbitrary: fc.constant(null) },
          ),
          { minLength: 1, maxLength: 120 },
        ),
        flagEvery: fc.integer({ min: 3, max: 40 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((sources) =>
      sources.map((s) => ({
        uploaded: s.uploaded,
        records: s.values
          .map((v, i): DeviceRecord | null => {
            const time = from + (s.startMin + i * s.stepMin) * MIN;
            if (time >= from + span || i % 11 === 7) return null; // past the window, or a gap
            const flag = i % s.flagEvery === 0 ? (i % 2 ? 'CX' : 'C') : null;
            return {
              type: 'sg',
              serial: s.serial,
              seq: i,
              time,
              utc_offset_min: 0,
              mgdl: v === null ? null : Math.round(v * 10) / 10,
              ...(v === null ? { display_code: 'H' as const } : flag ? { quality: flag } : {}),
            };
          })
          .filter((r): r is DeviceRecord => r !== null),
      })),
    );

let made = 0;
/** A new patient followed by the carer and the HCP, named `Property <n>`. */
async function patientWithCarer(): Promise<string> {
  const id = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: `prop-${newId()}@example.com`,
    password: 'Gluco$e9x',
    userType: 'P',
    realname: `Property ${++made}`,
  });
  for (const follower of [p.ids.carer, p.ids.hcp])
    await t.ctx.db.insert(relations).values({
      id: newId(),
      patientId: id,
      followerId: follower,
      followerType: follower === p.ids.hcp ? 'D' : 'M',
      state: 'accepted',
      requestedBy: id,
    });
  return id;
}

async function write(patientId: string, sources: Array<{ uploaded: boolean; records: DeviceRecord[] }>) {
  for (const s of sources) {
    // Sent twice: a resend is stored once.
    for (let i = 0; i < 2; i++)
      await appendRecords(t.ctx, {
        patientId,
        source: s.uploaded ? 'uploaded' : 'realtime',
        records: s.records,
      });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  p = await createPeople(t);
});
afterAll(() => t.close());

describe('one read path', () => {
  it('gives the monitor chart and the daily report the same series', async () => {
    t.clock.set(new Date(DAY0 + DAY - MIN));
    await fc.assert(
      fc.asyncProperty(timeline(DAY0, DAY - 2 * MIN), async (sources) => {
        const id = await patientWithCarer();
        await write(id, sources);
        const monitor = await t.call<Loose>('GET', `${API.monitorStatus(id)}?hours=24`, {
          token: p.tokens.carer,
        });
        expect(monitor.status).toBe(200);
        const day = new Date(DAY0).toISOString().slice(0, 10);
        const report = await t.call<Loose>('GET', `${API.chartData(id, 'dd')}?from=${day}&to=${day}`, {
          token: p.tokens.hcp,
        });
        expect(report.status).toBe(200);
        const sg = report.body.report_data.days[0]?.sg ?? {
          time: [],
          mgdl: [],
          quality: [],
          display_code: [],
        };
        const drawn = (sg.time as number[]).map((time, i) => [
          time,
          sg.mgdl[i],
          sg.quality[i] ?? sg.display_code[i] ?? null,
        ]);
        expect(monitor.body.status.chart.sg).toEqual(drawn);
      }),
      { numRuns: 15 },
    );
  });

  it("gives the clinician's list the dashboard's time in range over the same days", async () => {
    // Readings on 13 whole UTC days; the list's 14-day window holds exactly those days' readings.
    const first = DAY0 + 40 * DAY;
    const now = first + 13 * DAY + 30 * MIN;
    t.clock.set(new Date(now));
    const worn = fc.array(
      fc.record({
        serial: fc.constantFrom('TX-A', 'xDrip-DexcomG6', 'LibreLink', 'Loop'),
        uploaded: fc.boolean(),
        stepMin: fc.constantFrom(1, 2, 5, 15),
        seed: fc.integer({ min: 1, max: 1e6 }),
        dropPct: fc.integer({ min: 0, max: 25 }),
      }),
      { minLength: 1, maxLength: 2 },
    );
    await fc.assert(
      fc.asyncProperty(worn, async (sources) => {
        const id = await patientWithCarer();
        await write(
          id,
          sources.map((s) => {
            let x = s.seed;
            const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
            const records: DeviceRecord[] = [];
            for (let i = 0; i * s.stepMin * MIN < 13 * DAY; i++) {
              const r = next();
              if (r * 100 < s.dropPct) continue;
              const mgdl = Math.round((40 + 300 * next() ** 1.5) * 10) / 10;
              records.push({
                type: 'sg',
                serial: s.serial,
                seq: i,
                time: first + i * s.stepMin * MIN,
                utc_offset_min: 0,
                mgdl: r > 0.995 ? null : mgdl,
                ...(r > 0.995 ? { display_code: 'H' as const } : r > 0.99 ? { quality: 'C' as const } : {}),
              });
            }
            return { uploaded: s.uploaded, records };
          }),
        );
        // The list's figures come from the summaries its job keeps: run it as after any upload.
        await refreshListSummaries(t.ctx.db, t.clock.now());
        const list = await t.call<Loose>(
          'GET',
          `${API.patients}?q=${encodeURIComponent(`Property ${made}`)}`,
          {
            token: p.tokens.hcp,
          },
        );
        const item = (list.body.patients.items as Loose[]).find((x) => x.uid === id)!;
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const dash = await t.call<Loose>(
          'GET',
          `${API.chartData(id, 'ds')}?from=${day(first)}&to=${day(first + 12 * DAY)}`,
          { token: p.tokens.hcp },
        );
        expect(dash.status).toBe(200);
        const stats = dash.body.report_data.stats;
        // The list's coverage is of 14 days, the dashboard's of its 13.
        if (stats.covered_pct < 100)
          expect(item.tir14.coverage).toBeCloseTo((stats.covered_pct * 13) / 14, 9);
        expect(item.tir14.readings).toBe(stats.count);
        expect(item.tir14.in_range).toBeCloseTo(stats.time_in_ranges.in_range, 9);
        expect(item.tir14.below).toBeCloseTo(stats.time_in_ranges.very_low + stats.time_in_ranges.low, 9);
        // Every triage column too: the five bands, wear and CV are the dashboard's.
        const bands = item.triage.bands;
        for (const band of ['very_low', 'low', 'in_range', 'high', 'very_high'])
          expect(bands[band]).toBeCloseTo(stats.time_in_ranges[band], 9);
        if (stats.covered_pct < 100) expect(item.triage.wear).toBeCloseTo((stats.covered_pct * 13) / 14, 9);
        if (stats.cv === null) expect(item.triage.cv).toBeNull();
        else expect(item.triage.cv).toBeCloseTo(stats.cv, 9);
      }),
      { numRuns: 8 },
    );
  });
});
