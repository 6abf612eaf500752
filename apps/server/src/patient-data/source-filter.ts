import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { dataOptions } from '../platform/db/schema';

// Which source counts for each device kind and time (the patient's data options). The reports, the
// monitor and the follower alerts decide by this one rule.

/** A data-option range (spec §3 options, §4 "Data option"), epoch ms; end null = open. */
export interface OptionRange {
  option: 'daopapp' | 'pdm';
  kind: 'cgms' | 'pump';
  start: number;
  end: number | null;
}

/**
 * Which stored source an option stands for: the realtime app mode (daopapp) is the data the
 * sensor and patch apps sent ('realtime'); PDM mode is the data uploaded from the PDM and other
 * apps ('uploaded').
 */
const SOURCE_OF = { daopapp: 'realtime', pdm: 'uploaded' } as const;

const ts = (ms: number) => new Date(ms).toISOString();

function within(column: SQL, r: OptionRange): SQL {
  return r.end === null
    ? sql`${column} >= ${ts(r.start)}`
    : sql`(${column} >= ${ts(r.start)} and ${column} < ${ts(r.end)})`;
}

/**
 * The rows a report may use for one device kind (sensor data: cgms; pump data: pump): inside a
 * range the patient chose, only the source that range names; outside every range, any source (a
 * patient who never chose sees all their data). Ranges do not overlap (error 34 on save).
 */
export function sourcePredicate(
  options: readonly OptionRange[],
  kind: OptionRange['kind'],
  timeColumn: string,
  sourceColumn = 'source',
): SQL {
  const ranges = options.filter((o) => o.kind === kind);
  if (ranges.length === 0) return sql`true`;
  const time = sql.raw(timeColumn);
  const source = sql.raw(sourceColumn);
  const covered = sql.join(
    ranges.map((r) => within(time, r)),
    sql` or `,
  );
  const allowed = sql.join(
    ranges.map((r) => sql`(${within(time, r)} and ${source} = ${SOURCE_OF[r.option]})`),
    sql` or `,
  );
  return sql`(not (${covered}) or ${allowed})`;
}

/**
 * sourcePredicate for records already read (the day blocks carry each record's source): the same
 * rule, decided per record by its time. Null when the patient chose no range for this kind.
 */
export function sourceFilter(
  options: readonly OptionRange[],
  kind: OptionRange['kind'],
): ((time: number, uploaded: boolean) => boolean) | null {
  const ranges = options.filter((o) => o.kind === kind);
  if (ranges.length === 0) return null;
  return (time, uploaded) => {
    const range = ranges.find((r) => time >= r.start && (r.end === null || time < r.end));
    return range === undefined || (SOURCE_OF[range.option] === 'uploaded') === uploaded;
  };
}

/** The patient's data-option ranges, as the filters above take them. */
export async function readDataOptions(db: Db, patientId: string): Promise<OptionRange[]> {
  const rows = await db.select().from(dataOptions).where(eq(dataOptions.patientId, patientId));
  return rows.map((r) => ({
    option: r.option,
    kind: r.kind,
    start: r.startsAt.getTime(),
    end: r.endsAt?.getTime() ?? null,
  }));
}
