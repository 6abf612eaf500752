import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { pgArray } from './bulk-insert';
import { encodeBlock, type SgBlockRecord } from './glucose-block';
import { followedReceived, type Blocks } from './glucose-merge';

// The statements of a sensor-glucose write, as parts of one statement of data-modifying CTEs:
// the changed hour blocks (emptied ones deleted).
// `guard` is a condition every part holds to: `true` under the patient's lock (glucose-store.ts),
// or "the patient's data is still as read" for a write in one statement (glucose-append.ts).

export interface GlucoseChange {
  patientId: string;
  changed: Blocks;
  imported: ReadonlySet<number>;
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
  return parts;
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
