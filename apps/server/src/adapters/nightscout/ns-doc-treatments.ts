import { sql, type SQL } from 'drizzle-orm';
import { IMPORTED_SERIAL_PREFIX } from '../../patient-data';
import { basalCodesIn, commonFields, msOf, OWN_DEVICE_SQL, ownRow, ridOf, servedSql } from './ns-doc-sql';
import { ownCareSql, ownCareModifiedSql } from './ns-doc-care';

// Treatments from the insulin of the portal's own patch pump (source 'realtime') and of imported
// files (serial 'import:…'; a file's carbs are events of their own, below), as Nightscout's
// careportal writes them and its web UI draws them (lib/client/careportal.js, lib/data/ddata.js,
// lib/profilefunctions.js); the portal's file export writes the same documents (ns-documents.ts):
// - a bolus: "Meal Bolus" when the wizard had carbs, else "Correction Bolus", `insulin` delivered;
//   one with an extended part is a "Combo Bolus" as careportal stores it: `insulin` the part given
//   now, `enteredinsulin` the whole, `splitNow`/`splitExt` in %, `duration` (min) and `relative`
//   (the extended part's U/h, which Nightscout adds to the basal line while it runs);
// - a temporary basal (BART, BAAT) and auto mode delivery (BAAM…, `automatic: true`, as a closed
//   loop's temp basals) as "Temp Basal" with `absolute`/`rate` (U/h) and `duration` (min);
// - a suspension as a "Temp Basal" of 0 U/h for its duration: Nightscout's basal line knows only
//   temp basals (any eventType containing "Temp Basal"; `absolute` 0 with a duration is its
//   "temp to 0"), while "Suspend Pump" is Loop's marker, which its basal line and reports ignore;
//   AndroidAPS, too, uploads a pump suspension as a zero temp basal;
// - auto mode corrections and meal doses as super-micro-boluses ("Correction Bolus", `isSMB`,
//   `automatic`), so they count as insulin given but not as boluses the person gave.
// Rows are written by the pump when they close, so a row counts as changed (srvModified) at its end.

// The wizard's carbs of the pump's bolus. An imported bolus's carbs are a carbs event of their own
// (file-import: a "Meal Bolus" gives a bolus and a carbs event of the same file serial and time);
// the bolus document carries them and the event is not served on its own (CARBS_OF_IMPORTED_BOLUS
// in ns-doc-care.ts), so the Meal Bolus is one treatment again, and counts its carbs once.
const BOLUS_PARTS = `coalesce(b.extended_delivered, 0) as ext, coalesce(b.extended_duration_min, 0) as dur,
  case when b.source = 'realtime' and jsonb_typeof(b.details->'carb') = 'number'
    and (b.details->>'carb')::float8 > 0 then b.details->'carb'
  when b.serial like '${IMPORTED_SERIAL_PREFIX}%' then (select to_jsonb(max(e.value)) from events e
    where e.patient_id = b.patient_id and e.serial = b.serial and e.time = b.time
      and e.event_type = 'CARB' and e.origin = 'uploaded' and e.deleted_at is null and e.value > 0) end as carbs`;

function bolusSql(patientId: string): SQL {
  const id = ridOf('bolus', `b.serial || ':' || b.seq::text`);
  const r3 = (expr: string) => sql.raw(`round((${expr})::numeric, 3)::float8`);
  const doc = sql`jsonb_build_object(${commonFields(id, 'b.time', 'b.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL},
    'eventType', case when x.ext > 0 then 'Combo Bolus' when x.carbs is not null then 'Meal Bolus'
      else 'Correction Bolus' end,
    'insulin', ${r3('b.delivered')},
    'carbs', x.carbs,
    'enteredinsulin', case when x.ext > 0 then ${r3('b.delivered + x.ext')} end,
    'splitNow', case when x.ext > 0 then ${r3('100 * b.delivered / (b.delivered + x.ext)')} end,
    'splitExt', case when x.ext > 0 then ${r3('100 * x.ext / (b.delivered + x.ext)')} end,
    'duration', case when x.ext > 0 then x.dur end,
    'relative', case when x.ext > 0 and x.dur > 0 then ${r3('x.ext / x.dur * 60')} end)`;
  const end = msOf(`b.time + coalesce(b.extended_duration_min, 0) * interval '1 minute'`);
  return sql`select ${ownRow({ id, time: 'b.time', doc, modified: end })}
    from boluses b, lateral (select ${sql.raw(BOLUS_PARTS)}) x
    where b.patient_id = ${patientId} and ${servedSql('b')}`;
}

const ROW_END = msOf(`s.time + s.duration_min * interval '1 minute'`);

function basalSql(patientId: string): SQL {
  const id = ridOf('basal', `s.serial || ':' || s.seq::text`);
  const suspend = sql`s.code in ${basalCodesIn('suspend')}`;
  const doc = sql`jsonb_build_object(${commonFields(id, 's.time', 's.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL},
    'eventType', 'Temp Basal',
    'absolute', case when ${suspend} then 0 else s.rate end,
    'rate', case when ${suspend} then 0 else s.rate end,
    'duration', s.duration_min,
    'automatic', case when s.code in ${basalCodesIn('auto')} then true
      when s.code in ${basalCodesIn('temp')} then false end,
    'reason', case when ${suspend} then s.code end,
    'notes', case when ${suspend} then 'Pump suspended' end)`;
  return sql`select ${ownRow({ id, time: 's.time', doc, modified: ROW_END })}
    from basal_segments s
    where s.patient_id = ${patientId} and ${servedSql('s')} and s.duration_min > 0
      and s.code in ${basalCodesIn('temp', 'auto', 'suspend')}`;
}

/** Auto mode's own insulin beyond the basal (corrections and meal doses of a basal row). */
const AUTO_BOLUS = `coalesce(case when jsonb_typeof(s.auto->'auto_corr_delivery') = 'number'
    then (s.auto->>'auto_corr_delivery')::float8 end, 0)
  + coalesce(case when jsonb_typeof(s.auto->'auto_food_delivery') = 'number'
    then (s.auto->>'auto_food_delivery')::float8 end, 0)`;

function autoBolusSql(patientId: string): SQL {
  const id = ridOf('auto-bolus', `s.serial || ':' || s.seq::text`);
  const doc = sql`jsonb_build_object(${commonFields(id, 's.time', 's.utc_offset_min')},
    'enteredBy', ${OWN_DEVICE_SQL},
    'eventType', 'Correction Bolus',
    'insulin', round((${sql.raw(AUTO_BOLUS)})::numeric, 3)::float8,
    'type', 'SMB', 'isSMB', true, 'automatic', true)`;
  return sql`select ${ownRow({ id, time: 's.time', doc, modified: ROW_END })}
    from basal_segments s
    where s.patient_id = ${patientId} and ${servedSql('s')} and s.auto is not null
      and ${sql.raw(AUTO_BOLUS)} > 0`;
}

/** All treatments of the portal's own devices (columns of ns-documents.repository.ts's document rows). */
export function ownTreatmentsSql(patientId: string, includeDeleted: boolean): SQL {
  return sql.join(
    [
      bolusSql(patientId),
      basalSql(patientId),
      autoBolusSql(patientId),
      ownCareSql(patientId, includeDeleted),
    ],
    sql` union all `,
  );
}

/** When the newest treatment changed (v3 lastModified). */
export function ownTreatmentsModifiedSql(patientId: string): SQL {
  return sql`select 'treatments' as collection, max(m) as m from (
    select max(${msOf(`b.time + coalesce(b.extended_duration_min, 0) * interval '1 minute'`)}) as m
      from boluses b where b.patient_id = ${patientId} and ${servedSql('b')}
    union all
    select max(${ROW_END}) from basal_segments s
      where s.patient_id = ${patientId} and ${servedSql('s')}
        and ((s.duration_min > 0 and s.code in ${basalCodesIn('temp', 'auto', 'suspend')})
          or ${sql.raw(AUTO_BOLUS)} > 0)
    union all ${ownCareModifiedSql(patientId)}) t`;
}
