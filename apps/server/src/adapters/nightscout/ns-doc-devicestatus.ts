import { sql, type SQL } from 'drizzle-orm';
import { pumpStateCategory, type PumpStateCategory } from '@cgm/domain';
import { commonFields, isoOf, jsonNumber, msOf, OWN_DEVICE_SQL, ownRow, ridOf } from './ns-doc-sql';

// Device status documents from the pump status snapshots of the portal's own patch pump, in the
// shape Nightscout's plugins and the follower apps read (cgm-remote-monitor lib/plugins/pump.js,
// iob.js; Loop's NightscoutKit PumpStatus):
//   pump.clock, pump.reservoir, pump.battery.percent   the pump pill (reservoir, battery, "Last Clock")
//   pump.status.{status, suspended, bolusing, timestamp}   the pill's status line ("suspended", "normal")
//   pump.suspended, pump.bolusing, pump.pumpID          Loop's shape, read by Loop follower apps
//   pump.iob.{iob, bolusiob, timestamp}                 the IOB pill; Nightscout reads `iob || bolusiob`,
//                                                       so 0 U is only shown with bolusiob set too
//   pump.extended                                       shown as label/value lines in the pump pill
// A document per pump snapshot only: the sensor's status has no field any Nightscout plugin reads
// (xdripjs expects a Dexcom transmitter's voltages), and documents without `pump` in between would
// push the pump out of `devicestatus.json?count=1` (xDrip+ follower) or `count=5` (Nightguard).
// The phone's battery (`uploader`) is what the patch app reports as uploader_battery_percent;
// without it there is no `uploader` (the pill shows nothing rather than the pump's battery under
// the phone's name).

/**
 * Nightscout's status word for a pump state (spec §4 ranges, domain pumpStateCategory): delivering
 * is "normal", as AndroidAPS and OpenAPS send it.
 */
const STATUS_WORD: Record<PumpStateCategory, string> = {
  delivering: 'normal',
  suspended: 'suspended',
  idle: 'idle',
  other: 'error',
  stopped: 'stopped',
  unknown: 'unknown',
};

/** `case` over the state number, built from the domain's ranges so they are written once. */
function statusWordSql(state: string): SQL {
  const ranges: Array<{ from: number; to: number; word: string }> = [];
  for (let s = 0; s <= 255; s++) {
    const word = STATUS_WORD[pumpStateCategory(s)];
    const last = ranges[ranges.length - 1];
    if (last && last.word === word && last.to === s - 1) last.to = s;
    else ranges.push({ from: s, to: s, word });
  }
  const whens = ranges
    .filter((r) => r.word !== 'unknown')
    .map((r) => `when ${state} between ${r.from} and ${r.to} then '${r.word}'`);
  return sql.raw(`(case ${whens.join(' ')} else 'unknown' end)`);
}

const STATE = `(case when jsonb_typeof(p.status->'state') = 'number' then (p.status->>'state')::int end)`;
const P_MS = '(extract(epoch from p.time) * 1000)::bigint';
const HAS_LAST_BOLUS = `jsonb_typeof(p.status->'last_bolus'->'time') = 'number'`;
/** A bolus started at this snapshot (the pump writes a snapshot when a bolus starts). */
const BOLUSING = sql.raw(`coalesce((case when ${HAS_LAST_BOLUS}
  then (p.status->'last_bolus'->>'time')::bigint between ${P_MS} - 60000 and ${P_MS} end), false)`);
const LAST_BOLUS = sql`(case when ${sql.raw(HAS_LAST_BOLUS)}
  then ${isoOf(`to_timestamp((p.status->'last_bolus'->>'time')::bigint / 1000.0)`)} end)`;

/** The pump documents (columns of ns-documents.repository.ts's document rows). */
export function ownDeviceStatusSql(patientId: string): SQL {
  const id = ridOf('pump-status', `p.serial || ':' || p.seq::text`);
  const suspended = sql.raw(`(x.word = 'suspended')`);
  const iob = jsonNumber(`p.status->'iob'`);
  const battery = jsonNumber(`p.status->'battery_percent'`);
  const pump = sql`jsonb_build_object(
      'clock', ${isoOf('p.time')},
      'pumpID', p.serial,
      'manufacturer', ${OWN_DEVICE_SQL},
      'model', 'Patch pump',
      'reservoir', ${jsonNumber(`p.status->'reservoir_units'`)},
      'battery', case when ${battery} is not null then jsonb_build_object('percent', ${battery}) end,
      'suspended', ${suspended},
      'bolusing', x.bolusing,
      'status', jsonb_build_object('status', x.word, 'suspended', ${suspended}, 'bolusing', x.bolusing,
        'timestamp', ${isoOf('p.time')}),
      'iob', case when ${iob} is not null
        then jsonb_build_object('iob', ${iob}, 'bolusiob', ${iob}, 'timestamp', ${isoOf('p.time')}) end,
      'extended', jsonb_build_object(
        'BasalRate', ${jsonNumber(`p.status->'basal_rate'`)},
        'AutoMode', case when jsonb_typeof(p.status->'auto_mode') = 'boolean' then p.status->'auto_mode' end,
        'Mode', p.status->>'mode',
        'PatchState', p.status->>'patch_state',
        'LastBolus', ${LAST_BOLUS},
        'LastBolusAmount', ${jsonNumber(`p.status->'last_bolus'->'delivered'`)}))`;
  const phone = jsonNumber(`p.status->'uploader_battery_percent'`);
  // The phone running the patch app, when it said (Nightscout's uploader pill reads either field).
  const uploader = sql`case when ${phone} is not null then jsonb_build_object('uploader',
      jsonb_build_object('name', ${OWN_DEVICE_SQL}, 'battery', ${phone}), 'uploaderBattery', ${phone})
    else '{}'::jsonb end`;
  const doc = sql`jsonb_build_object(${commonFields(id, 'p.time', 'p.utc_offset_min')},
    'device', ${OWN_DEVICE_SQL}, 'pump', ${pump}) || ${uploader}`;
  return sql`select ${ownRow({ id, time: 'p.time', doc, modified: msOf('p.time') })}
    from device_status p, lateral (select ${statusWordSql('s.state')} as word, ${BOLUSING} as bolusing
      from (select ${sql.raw(STATE)} as state) s) x
    where p.patient_id = ${patientId} and p.kind = 'pump' and p.source = 'realtime'`;
}

/** When the newest pump document changed (v3 lastModified). */
export function ownDeviceStatusModifiedSql(patientId: string): SQL {
  return sql`select 'devicestatus' as collection, ${msOf('max(p.time)')} as m from device_status p
    where p.patient_id = ${patientId} and p.kind = 'pump' and p.source = 'realtime'`;
}
