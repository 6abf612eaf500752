import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { glucoseBlocksSql, type OptionRange } from '../../patient-data';

type Row = {
  packed: Uint8Array | null;
  day: number | null;
  option: OptionRange['option'] | null;
  kind: OptionRange['kind'] | null;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
};
const ms = (v: string | Date) => new Date(v).getTime();

/**
 * The patient's data options and the glucose blocks of the hours in [from, end), in one statement
 * (a wake-up reads this once per patient and change, whatever the number of followers).
 */
export async function optionsAndGlucoseBlocks(
  db: Db,
  patientId: string,
  from: number,
  end: number,
): Promise<{ options: OptionRange[]; blocks: Uint8Array[] }> {
  const result = await db.execute(sql`
    select null::bytea as packed, null::int as day, option, kind, starts_at, ends_at
      from data_options where patient_id = ${patientId}
    union all
    select b.packed, b.day, null, null, null, null from (${glucoseBlocksSql(patientId, from, end)}) b
    order by day nulls first`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const options: OptionRange[] = [];
  const blocks: Uint8Array[] = [];
  for (const r of rows) {
    if (r.packed) blocks.push(r.packed);
    else if (r.option && r.kind && r.starts_at)
      options.push({
        option: r.option,
        kind: r.kind,
        start: ms(r.starts_at),
        end: r.ends_at === null ? null : ms(r.ends_at),
      });
  }
  return { options, blocks };
}
