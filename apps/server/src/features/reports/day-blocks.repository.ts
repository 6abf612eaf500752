import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

const DAY_MS = 86_400_000;

/** The day blocks of the UTC days that [from, to) touches, in day order. */
export async function readDayBlocks(
  db: Db,
  table: 'basal_day_blocks',
  patientId: string,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const result = await db.execute(sql`select packed from ${sql.raw(table)}
    where patient_id = ${patientId} and day >= ${Math.floor(from / DAY_MS)} and day <= ${Math.floor((to - 1) / DAY_MS)}
    order by day`);
  return ((result as { rows?: Array<{ packed: Uint8Array }> }).rows ?? []).map((r) => r.packed);
}
