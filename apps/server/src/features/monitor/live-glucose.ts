import { sql } from 'drizzle-orm';
import type { MonitorGlucoseChange } from '@cgm/contract';
import type { LiveChange } from '../../platform/bus/live-bus';
import type { Db } from '../../platform/db/client';
import {
  decodeFlaggedSg,
  glucoseBlocksSql,
  newestGlucose,
  sourceFilter,
  type OptionRange,
} from '../../patient-data';
import { sgPoints } from './chart-extras';

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
 * The readings a wake-up brings a waiting follower (issue 21): read once per patient and change,
 * whatever the number of followers, from the same blocks and with the same data options as the
 * status's chart and sensor card, so the follower's screen ends up as a new status call would
 * draw it. One statement: the patient's data options and the touched hours' blocks.
 */
export async function readGlucoseChange(
  db: Db,
  patientId: string,
  change: LiveChange,
): Promise<MonitorGlucoseChange> {
  const end = change.to + 1;
  const result = await db.execute(sql`
    select null::bytea as packed, null::int as day, option, kind, starts_at, ends_at
      from data_options where patient_id = ${patientId}
    union all
    select b.packed, b.day, null, null, null, null from (${glucoseBlocksSql(patientId, change.from, end)}) b
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
  const keep = sourceFilter(options, 'cgms');
  const newest = newestGlucose(blocks, change.from, end, keep);
  return {
    source: change.source,
    from: change.from,
    to: change.to,
    sg: sgPoints(decodeFlaggedSg(blocks, change.from, end, keep)),
    newest: newest && {
      time: newest.time,
      mgdl: newest.mgdl,
      rate: newest.rate,
      quality: newest.quality,
      displayCode: newest.displayCode,
      utcOffsetMin: newest.utcOffsetMin,
    },
  };
}
