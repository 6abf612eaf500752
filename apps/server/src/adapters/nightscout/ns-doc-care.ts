import { sql, type SQL } from 'drizzle-orm';
import { commonFields, importedSql, msOf, OWN_DEVICE_SQL, ownRow, ridOf, servedSql } from './ns-doc-sql';

// Treatments from the rest of the portal's own data: finger-sticks, logbook events and sensor and
// patch changes, as Nightscout's careportal types them (lib/plugins/careportal.js):
// - a finger-stick of the meter (bg_readings 'bg'; calibrations are the sensor's, not shown) and a
//   BG event: "BG Check" with `glucose` in mg/dL, `glucoseType` "Finger", `units` "mg/dl";
// - carbs (CARB events, and the carbs of an auto mode meal announcement): "Carb Correction";
// - exercise (EXR, minutes): "Exercise" with `duration`; any other event: a "Note" (its type and
//   value before its text; an "other" event, OTR, its text alone);
// - a new sensor: "Sensor Change", a new patch: "Site Change", which Nightscout's sensor and
//   cannula age pills (sage, cage) and Nightguard read.
// Events come from the device apps (origin 'device'), from people in the portal's logbook ('user')
// and from imported files ('uploaded', serial 'import:…'); other uploaded ones are already stored
// Nightscout documents. The same holds for finger-sticks and device changes. A logbook event
// deleted in the portal stays as a tombstone for v3 history; its srvModified is its last change.

function bgCheckSql(patientId: string): SQL {
  const id = ridOf('bg', `g.serial || ':' || g.seq::text`);
  const doc = sql`jsonb_build_object(${commonFields(id, 'g.time', 'g.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL}, 'eventType', 'BG Check', 'glucose', round(g.mgdl::numeric, 1)::float8,
    'glucoseType', 'Finger', 'units', 'mg/dl')`;
  return sql`select ${ownRow({ id, time: 'g.time', doc, modified: msOf('g.time') })}
    from bg_readings g where g.patient_id = ${patientId} and ${servedSql('g')} and g.kind = 'bg'`;
}

/** The carbs an auto mode meal announcement carries (AutoBreakfast… with details.carbs). */
const ANNOUNCED = `case when e.event_type like 'Auto%' and jsonb_typeof(e.details->'carbs') = 'number'
  and (e.details->>'carbs')::float8 > 0 then (e.details->>'carbs')::float8 end`;
const EVENT_MODIFIED = msOf('coalesce(e.updated_at, e.time)');
const SERVED_EVENT = sql`(e.origin in ('device', 'user') or (e.origin = 'uploaded' and ${importedSql('e')}))`;
/**
 * An imported "Site Change" or "Sensor Start" is a device change (served below) and a logbook note
 * of the same import at the same time: the change alone stands for it.
 */
const NOTE_OF_CHANGE = sql`(e.origin = 'uploaded' and e.event_type = 'OTR' and exists (select 1 from device_sessions d
  where d.patient_id = e.patient_id and d.serial = e.serial and d.started_at = e.time))`;

/** An imported carbs event that the imported bolus of its time carries (ns-doc-treatments.ts). */
const CARBS_OF_IMPORTED_BOLUS = sql`(e.origin = 'uploaded' and e.event_type = 'CARB' and e.deleted_at is null
  and ${importedSql('e')} and exists (select 1 from boluses b
    where b.patient_id = e.patient_id and b.serial = e.serial and b.time = e.time))`;

function eventSql(patientId: string, includeDeleted: boolean): SQL {
  // An imported event by its identity in the file, so deleting and importing it again keeps its id.
  const id = ridOf(
    'event',
    `(case when e.origin = 'uploaded' then e.serial || ':' || e.seq::text else e.id end)`,
  );
  const doc = sql`jsonb_build_object(${commonFields(id, 'e.time', 'e.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL},
    'eventType', case when e.event_type = 'CARB' or x.announced is not null then 'Carb Correction'
      when e.event_type = 'BG' then 'BG Check' when e.event_type = 'EXR' then 'Exercise' else 'Note' end,
    'carbs', case when e.event_type = 'CARB' and e.value > 0 then e.value else x.announced end,
    'glucose', case when e.event_type = 'BG' then e.value end,
    'glucoseType', case when e.event_type = 'BG' then 'Finger' end,
    'units', case when e.event_type = 'BG' then 'mg/dl' end,
    'duration', case when e.event_type = 'EXR' then e.value end,
    'notes', case when e.event_type in ('CARB', 'BG', 'EXR') then e.notes
      when x.announced is not null then coalesce(e.notes, 'Meal announced in auto mode')
      when e.event_type = 'OTR' and e.notes is not null then e.notes
      else e.event_type || coalesce(' ' || e.value::text, '') || coalesce(': ' || e.notes, '') end)`;
  return sql`select ${ownRow({ id, time: 'e.time', doc, modified: EVENT_MODIFIED, deleted: sql`e.deleted_at is not null` })}
    from events e, lateral (select ${sql.raw(ANNOUNCED)} as announced) x
    where e.patient_id = ${patientId} and ${SERVED_EVENT} and not ${NOTE_OF_CHANGE}
      and not ${CARBS_OF_IMPORTED_BOLUS}
      ${includeDeleted ? sql`` : sql`and e.deleted_at is null`}`;
}

const SESSION_KEY = `d.kind || ':' || d.serial || ':' || ((extract(epoch from d.started_at) * 1000)::bigint)::text`;

function sessionSql(patientId: string): SQL {
  const id = ridOf('session', SESSION_KEY);
  const doc = sql`jsonb_build_object(${commonFields(id, 'd.started_at', 'd.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL},
    'eventType', case when d.kind = 'sensor' then 'Sensor Change' else 'Site Change' end)`;
  return sql`select ${ownRow({ id, time: 'd.started_at', doc, modified: msOf('d.started_at') })}
    from device_sessions d where d.patient_id = ${patientId} and ${servedSql('d')}`;
}

/** Finger-sticks, logbook events and device changes (columns of ns-documents.repository.ts's document rows). */
export function ownCareSql(patientId: string, includeDeleted: boolean): SQL {
  return sql.join(
    [bgCheckSql(patientId), eventSql(patientId, includeDeleted), sessionSql(patientId)],
    sql` union all `,
  );
}

/** The newest srvModified of these treatments, as rows of one column `m`. */
export function ownCareModifiedSql(patientId: string): SQL {
  return sql`select max(${msOf('g.time')}) from bg_readings g
      where g.patient_id = ${patientId} and ${servedSql('g')} and g.kind = 'bg'
    union all
    select max(${EVENT_MODIFIED}) from events e
      where e.patient_id = ${patientId} and ${SERVED_EVENT}
    union all
    select max(${msOf('d.started_at')}) from device_sessions d
      where d.patient_id = ${patientId} and ${servedSql('d')}`;
}
