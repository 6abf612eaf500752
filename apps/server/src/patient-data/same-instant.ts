import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

// When a file import's record is already stored (StoreOptions.sameInstantIsDuplicate): a file's
// records carry no device sequence, so a record is the same as a stored one by its instant and kind,
// and an export read back into the same patient, or the same file imported twice, adds nothing.
// Conditions in SQL over a stored row `x` and an incoming row `u` (bulk-insert.ts).

const at = (ms: number) => new Date(ms);

/** Auto mode's corrections and meal doses of a basal row (SQL, 0 without them). */
const autoInsulin = (b: string) =>
  ['auto_corr_delivery', 'auto_food_delivery']
    .map(
      (k) =>
        `coalesce(case when jsonb_typeof(${b}.auto->'${k}') = 'number' then (${b}.auto->>'${k}')::float8 end, 0)`,
    )
    .join(' + ');

/** What makes a stored row at the same instant the same record (sensor readings: glucose-store.ts). */
const eventClass = (e: string) =>
  // As Nightscout names them (Carb Correction, BG Check, Exercise, Note): what an export keeps.
  `(case when ${e}.event_type in ('CARB', 'BG', 'EXR') then ${e}.event_type else 'OTR' end)`;
export const SAME_KIND = {
  // A finger-stick is one whether it came as a blood glucose or as a calibration.
  bg_readings: 'true',
  boluses: 'true',
  // A micro-bolus (a zero-length auto mode row) and a basal row may start together; but a basal row
  // that carries auto mode's own insulin already holds the micro-bolus an export writes of it.
  basal_segments: `((x.duration_min = 0) = (u.duration_min = 0) or (u.duration_min = 0 and ${autoInsulin('x')} > 0))`,
  device_status: 'x.kind = u.kind',
  events: `${eventClass('x')} = ${eventClass('u')}`,
} as const;

/** The same instant (SQL, of the incoming row `u`) for a row of another table. */
const atU = (alias: string, column = 'time') =>
  `${alias}.patient_id = u.patient_id and ${alias}.${column} = to_timestamp(u.time / 1000.0)`;
/**
 * Records that repeat what another kind of row already holds (file imports; an export writes them
 * so): the carbs of a pump's wizard bolus (exported as a "Meal Bolus" with its carbs), and the note
 * of a sensor or patch change (a "Sensor Change" or "Site Change" is both a session and a note).
 */
export const HELD_ELSEWHERE = {
  events: `(u.event_type = 'CARB' and exists (select 1 from boluses b where ${atU('b')} and b.source = 'realtime'
      and jsonb_typeof(b.details->'carb') = 'number' and (b.details->>'carb')::real = u.value))
    or (u.event_type = 'OTR' and u.notes in ('Sensor Start', 'Sensor Change', 'Site Change')
      and exists (select 1 from device_sessions d where ${atU('d', 'started_at')}))`,
} as const;

/** Whether the patient has a session of this kind that started at this instant (any device). */
export async function sessionStartedAt(tx: Db, patientId: string, kind: string, startedAt: number) {
  const res = await tx.execute(sql`select 1 from device_sessions where patient_id = ${patientId}
    and kind = ${kind} and started_at = ${at(startedAt).toISOString()}::timestamptz limit 1`);
  return ((res as { rows?: unknown[] }).rows ?? []).length > 0;
}
