import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgArray } from './bulk-insert';
import { encodeBlock, type SgBlockRecord } from './glucose-block';
import { changedCounts, perDay, type DayCounts } from './glucose-counts';
import { followedReceived, type Blocks } from './glucose-merge';

// The statements of a sensor-glucose write, as parts of one statement of data-modifying CTEs:
// the changed hour blocks (emptied ones deleted) and the hour and day count rows that changed.
// `guard` is a condition every part holds to: `true` under the patient's lock (glucose-store.ts),
// or "the patient's data is still as read" for a write in one statement (glucose-append.ts).

export interface GlucoseChange {
  patientId: string;
  changed: Blocks;
  imported: ReadonlySet<number>;
  before: DayCounts;
  after: DayCounts;
  /** The changed blocks already packed (glucose-append.ts keeps them); packed here otherwise. */
  packed?: ReadonlyMap<number, Uint8Array>;
}

export function glucoseWriteParts(c: GlucoseChange, guard: SQL = sql`true`): SQL[] {
  const { patientId } = c;
  const put = [...c.changed].filter(([, records]) => records.length > 0);
  const emptied = [...c.changed].filter(([, records]) => records.length === 0).map(([h]) => h);
  const hex = (hour: number, records: SgBlockRecord[]) =>
    Buffer.from(c.packed?.get(hour) ?? encodeBlock(records)).toString('hex');
  const parts: SQL[] = [];
  if (put.length)
    parts.push(sql`insert into sg_blocks (patient_id, hour, packed, realtime_received_ms)
      select ${patientId}, u.hour, decode(u.packed, 'hex'), u.received
        from unnest(${pgArray(put.map(([h]) => h))}::int[], ${pgArray(put.map(([h, r]) => hex(h, r)))}::text[],
                    ${pgArray(put.map(([, r]) => followedReceived(r, c.imported)))}::bigint[]) as u(hour, packed, received)
       where ${guard}
      on conflict (patient_id, hour) do update
        set packed = excluded.packed, realtime_received_ms = excluded.realtime_received_ms`);
  if (emptied.length)
    parts.push(sql`delete from sg_blocks where patient_id = ${patientId}
      and hour = any(${pgArray(emptied)}::int[]) and ${guard}`);
  parts.push(...countWrites(patientId, 'sg_hour_counts', 'hour', changedCounts(c.before, c.after), guard));
  parts.push(
    ...countWrites(
      patientId,
      'sg_day_counts',
      'day',
      changedCounts(perDay(c.before), perDay(c.after)),
      guard,
    ),
  );
  return parts;
}

function countWrites(
  patientId: string,
  table: 'sg_hour_counts' | 'sg_day_counts',
  unit: 'hour' | 'day',
  { put, gone }: ReturnType<typeof changedCounts>,
  guard: SQL,
): SQL[] {
  // Hours are stored as timestamps (the patient list's hour ranges), days as day numbers.
  const at = unit === 'hour' ? sql.raw(`to_timestamp(u.k * 3600)`) : sql.raw('u.k');
  const split = (key: string) => key.split(':').map(Number) as [number, number];
  const out: SQL[] = [];
  if (put.size) {
    const keys = [...put.keys()].map(split);
    const col = (i: number) => pgArray([...put.values()].map((c) => c[i]!));
    out.push(sql`insert into ${sql.raw(table)} (patient_id, ${sql.raw(unit)}, src, n, below, above, g1, g2, g5, g15)
      select ${patientId}, ${at}, u.src, u.n, u.below, u.above, u.g1, u.g2, u.g5, u.g15
        from unnest(${pgArray(keys.map((k) => k[0]))}::int[], ${pgArray(keys.map((k) => k[1]))}::smallint[],
          ${col(0)}::int[], ${col(1)}::int[], ${col(2)}::int[], ${col(3)}::int[], ${col(4)}::int[],
          ${col(5)}::int[], ${col(6)}::int[]) as u(k, src, n, below, above, g1, g2, g5, g15)
       where ${guard}
      on conflict (patient_id, ${sql.raw(unit)}, src) do update set n = excluded.n, below = excluded.below,
        above = excluded.above, g1 = excluded.g1, g2 = excluded.g2, g5 = excluded.g5, g15 = excluded.g15`);
  }
  if (gone.length) {
    const keys = gone.map(split);
    out.push(sql`delete from ${sql.raw(table)} t
      using unnest(${pgArray(keys.map((k) => k[0]))}::int[], ${pgArray(keys.map((k) => k[1]))}::smallint[]) as u(k, src)
      where t.patient_id = ${patientId} and t.${sql.raw(unit)} = ${at} and t.src = u.src and ${guard}`);
  }
  return out;
}

/** Named CTEs `w0, w1, …` of the parts, after any `head` CTEs the caller names itself. */
export function withParts(head: readonly SQL[], parts: readonly SQL[]): SQL {
  const ctes = [...head, ...parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`)];
  return sql`with ${sql.join(ctes, sql`, `)}`;
}

/** Runs the parts as one statement (nothing to do without parts). */
export async function runParts(tx: Db, parts: readonly SQL[]): Promise<void> {
  if (parts.length) await tx.execute(sql`${withParts([], parts)} select 1`);
}
