import type { Doc } from './ns-docs';

// Nightscout's `/api/v2/properties` (lib/api2/properties.js: the server sandbox's plugin
// properties) and `/pebble` (lib/server/pebble.js), worked out from the patient's latest documents.
// Nightguard's main screen, widgets and watch complications and the Pebble/Garmin watch faces read
// these. Only what the documents say is shown: a property without data is left out, not guessed.

export interface PropertyInputs {
  /** Newest first: sgv entries of the last hour or so. */
  sgvs: Doc[];
  /** Newest first. */
  deviceStatus: Doc[];
  /** Newest first: the care events whose age Nightscout shows (site, sensor, insulin, battery). */
  careEvents: Doc[];
  units: 'mg/dl' | 'mmol';
  nowMs: number;
}

const ARROWS: Record<string, string> = {
  DoubleUp: '⇈',
  SingleUp: '↑',
  FortyFiveUp: '↗',
  Flat: '→',
  FortyFiveDown: '↘',
  SingleDown: '↓',
  DoubleDown: '⇊',
  'NOT COMPUTABLE': '-',
  'RATE OUT OF RANGE': '⇕',
  NONE: '⇼',
};
const TREND: Record<string, number> = {
  NONE: 0, DoubleUp: 1, SingleUp: 2, FortyFiveUp: 3, Flat: 4, FortyFiveDown: 5, SingleDown: 6,
  DoubleDown: 7, 'NOT COMPUTABLE': 8, 'RATE OUT OF RANGE': 9,
}; // prettier-ignore
const MMOL_PER_MGDL = 1 / 18.01559;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const scaled = (mgdl: number, units: PropertyInputs['units']) =>
  units === 'mmol' ? Math.round(mgdl * MMOL_PER_MGDL * 10) / 10 : mgdl;
const signed = (v: number) => (v >= 0 ? `+${v}` : String(v));

function bg(sgvs: Doc[], units: PropertyInputs['units']): Doc {
  const out: Doc = {};
  const [last, previous] = sgvs;
  const mgdl = num(last?.sgv);
  if (!last || mgdl === null) return out;
  const mills = Number(last.date);
  out.bgnow = {
    mean: mgdl,
    last: mgdl,
    mills,
    sgvs: [{ _id: last._id, mgdl, mills, device: last.device, direction: last.direction, type: 'sgv', scaled: scaled(mgdl, units) }],
  }; // prettier-ignore
  const direction = typeof last.direction === 'string' ? last.direction : 'NONE';
  out.direction = { value: direction, label: ARROWS[direction] ?? '-', display: ARROWS[direction] ?? '-' };
  const prevMgdl = num(previous?.sgv);
  if (previous && prevMgdl !== null) {
    const elapsedMins = (mills - Number(previous.date)) / 60_000;
    // Nightscout gives no delta across a gap (its bgnow looks at the last ~10 minutes).
    if (elapsedMins > 0 && elapsedMins <= 10) {
      const delta = mgdl - prevMgdl;
      const s = units === 'mmol' ? Math.round(delta * MMOL_PER_MGDL * 10) / 10 : delta;
      out.delta = {
        absolute: delta,
        elapsedMins,
        interpolated: false,
        mean5MinsAgo: prevMgdl,
        mgdl: delta,
        scaled: s,
        display: signed(s),
        previous: { mean: prevMgdl, last: prevMgdl, mills: Number(previous.date) },
      };
    }
  }
  return out;
}

/** iob, cob, upbat, pump and loop from the newest device status that has each. */
function status(list: Doc[]): Doc {
  const out: Doc = {};
  const first = <T>(pick: (d: Doc) => T | null | undefined): T | undefined => {
    for (const d of list) {
      const v = pick(d);
      if (v !== null && v !== undefined) return v;
    }
    return undefined;
  };
  const obj = (v: unknown): Doc | null =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : null;
  const iob = first((d) => {
    const o = obj(obj(d.openaps)?.iob) ?? obj(obj(d.loop)?.iob);
    return num(o?.iob);
  });
  if (iob !== undefined) out.iob = { iob, display: String(Math.round(iob * 100) / 100), displayLine: `IOB: ${Math.round(iob * 100) / 100}U` }; // prettier-ignore
  const cob = first((d) => num(obj(obj(d.openaps)?.suggested)?.COB) ?? num(obj(obj(d.loop)?.cob)?.cob));
  if (cob !== undefined) out.cob = { cob, display: Math.round(cob), displayLine: `COB: ${Math.round(cob)}g` };
  const battery = first((d) => num(obj(d.uploader)?.battery) ?? num(d.uploaderBattery));
  if (battery !== undefined)
    out.upbat = {
      display: `${battery}%`,
      value: battery,
      level: battery > 50 ? 100 : battery > 20 ? 50 : 25,
    };
  const pump = first((d) => obj(d.pump));
  if (pump) {
    const reservoir = num(pump.reservoir);
    const pumpBattery = num(obj(pump.battery)?.percent);
    out.pump = {
      data: {
        ...(reservoir !== null ? { reservoir: { value: reservoir, display: `${reservoir}U` } } : {}),
        ...(pumpBattery !== null
          ? { battery: { value: pumpBattery, unit: '%', display: `${pumpBattery}%` } }
          : {}),
        ...(typeof pump.clock === 'string' ? { clock: { value: pump.clock } } : {}),
      },
    };
  }
  return out;
}

/** Nightscout's care-portal ages: cage (site), sage (sensor), iage (insulin), bage (pump battery). */
const AGES: Array<[string, readonly string[]]> = [
  ['cage', ['Site Change']],
  ['sage', ['Sensor Start', 'Sensor Change']],
  ['iage', ['Insulin Change']],
  ['bage', ['Pump Battery Change']],
];

function ages(events: Doc[], nowMs: number): Doc {
  const out: Doc = {};
  for (const [name, types] of AGES) {
    const e = events.find((d) => types.includes(String(d.eventType)));
    if (!e) continue;
    const at = Date.parse(String(e.created_at));
    const hours = Math.floor((nowMs - at) / 3_600_000);
    const display = hours >= 24 ? `${Math.floor(hours / 24)}d${hours % 24}h` : `${hours}h`;
    out[name] = { found: true, age: hours, treatmentDate: at, display, eventType: e.eventType };
  }
  return out;
}

export function nightscoutProperties(i: PropertyInputs): Doc {
  return { ...bg(i.sgvs, i.units), ...status(i.deviceStatus), ...ages(i.careEvents, i.nowMs) };
}

/** `/pebble`: the newest `count` readings, oldest last, with delta and uploader battery on the first. */
export function pebble(i: PropertyInputs, count: number): Doc {
  const props = nightscoutProperties(i);
  const bgs = i.sgvs.slice(0, Math.max(1, count)).map((d) => {
    const mgdl = num(d.sgv) ?? 0;
    return {
      sgv: i.units === 'mmol' ? scaled(mgdl, 'mmol').toFixed(1) : String(mgdl),
      trend: TREND[String(d.direction)] ?? 8,
      direction: d.direction,
      datetime: Number(d.date),
    };
  });
  const first = bgs[0] as Doc | undefined;
  if (first) {
    const delta = props.delta as { scaled: number } | undefined;
    first.bgdelta = i.units === 'mmol' ? (delta?.scaled ?? 0).toFixed(1) : (delta?.scaled ?? 0);
    const upbat = props.upbat as { value: number } | undefined;
    if (upbat) first.battery = String(upbat.value);
    const iob = props.iob as { display: string } | undefined;
    if (iob) first.iob = iob.display;
    const cob = props.cob as { display: number } | undefined;
    if (cob) first.cob = cob.display;
  }
  return { status: [{ now: i.nowMs }], bgs, cals: [] };
}
