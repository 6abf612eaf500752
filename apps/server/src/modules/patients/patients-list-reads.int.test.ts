import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { account, relate, sgSeries, store } from './patients-fixture';
import { listPage, type ListParams } from './patients.repository';
import { tirWindow } from './patients.service';

// Issue 21: the patient list reads only what its page needs. The rows the list statement reads
// from the derived counts (the database's own per-transaction counters: tuples fetched by index
// scans and returned by sequential scans) stay those of the 14-day window, however many days the
// patients have stored, and the patients beyond the page cost nothing.

let t: TestApp;
let doc: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now: Date;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  doc = (await account(t, 'doc@example.com', { userType: 'D' })).id;
  for (let i = 0; i < 3; i++) {
    const p = await account(t, `p${i}@example.com`, { userType: 'P', realname: `Patient ${i}` });
    await relate(t, p.id, doc, 'accepted');
    ids.push(p.id);
  }
}, 60_000);
afterAll(() => t.close());

/** A reading every hour, 20 minutes past, for `days` days up to now: one count row per hour. */
async function hourly(patientId: string, fromDay: number, toDay: number) {
  const start = Math.floor(now.getTime() / HOUR) * HOUR - toDay * DAY + 20 * 60_000;
  const values = Array.from({ length: (toDay - fromDay) * 24 }, (_, i) => 100 + (i % 50));
  await store(t, patientId, sgSeries(`TX${toDay}`, start, HOUR, values));
}

/** Rows the list statement read from the hour and day counts, by the transaction's counters. */
async function rowsRead(params: Partial<ListParams>): Promise<{ hours: number; days: number; n: number }> {
  return t.ctx.db.transaction(async (tx) => {
    const count = async () => {
      const r = await tx.execute(sql`select
          pg_stat_get_xact_tuples_fetched('sg_hour_counts'::regclass)
            + pg_stat_get_xact_tuples_returned('sg_hour_counts'::regclass) as hours,
          pg_stat_get_xact_tuples_fetched('sg_day_counts'::regclass)
            + pg_stat_get_xact_tuples_returned('sg_day_counts'::regclass) as days`);
      const row = (r as unknown as { rows: Array<{ hours: string; days: string }> }).rows[0]!;
      return { hours: Number(row.hours), days: Number(row.days) };
    };
    const before = await count();
    const rows = await listPage(tx as unknown as Db, {
      hcpId: doc,
      sort: 'name',
      order: 'asc',
      limit: 1,
      offset: 0,
      ...tirWindow(now),
      now,
      ...params,
    });
    const after = await count();
    return { hours: after.hours - before.hours, days: after.days - before.days, n: rows[0]?.tir_n ?? 0 };
  });
}

describe('what one page reads', () => {
  it('reads the 14-day window of the page patient only, as more days are stored', async () => {
    await hourly(ids[0]!, 0, 20);
    const first = await rowsRead({});
    expect(first.n).toBeGreaterThan(13 * 24);
    // The window's whole days from the day counts, its two partial days hour by hour (≤ 48 rows).
    expect(first.days).toBeLessThanOrEqual(15);
    expect(first.hours).toBeLessThanOrEqual(48);

    // 70 more days before them, and two more patients beyond the one-row page: the same reads.
    await hourly(ids[0]!, 20, 90);
    await hourly(ids[1]!, 0, 90);
    await hourly(ids[2]!, 0, 90);
    const later = await rowsRead({});
    expect(later.n).toBe(first.n);
    expect(later.hours).toBeLessThanOrEqual(first.hours);
    expect(later.days).toBeLessThanOrEqual(first.days);
  });

  it("reads each patient's window when the sort needs every patient's time in range", async () => {
    const all = await rowsRead({ sort: 'tir' });
    expect(all.hours).toBeLessThanOrEqual(3 * 48);
    expect(all.days).toBeLessThanOrEqual(3 * 15);
  });
});
