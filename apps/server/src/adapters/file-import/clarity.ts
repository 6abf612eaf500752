import { MGDL_PER_MMOL } from '@cgm/domain';
import { csvNumber, localTime, offsetMinutes, parseCsv } from './csv';
import { FILE_SERIAL, sgSerialOf, type ParsedFile } from './parsed';

// Dexcom Clarity "Export" CSV (English or German: HEADERS): one row per event, local times without a zone. The rows at the top
// (patient name, devices) have no time; a "Device" row names the app or receiver of a Source
// Device ID ("Dexcom G6 Mobile App" for "iOS G6"), which is the source of its readings and tells
// their 5-minute interval (domain NOMINAL_INTERVALS).

const GLUCOSE_LIMITS: Record<string, number> = {
  // Clarity writes "High" above 400 mg/dL and "Low" below 40 ("Hoch", "Niedrig" in German): kept
  // at the limit, as very high and very low readings (leaving them out would lift the time in range).
  High: 400,
  Low: 40,
  Hoch: 400,
  Niedrig: 40,
};

/** Clarity's headers in English and German (a German export also separates with ";"). */
const HEADERS = {
  time: /^(Timestamp|Zeitstempel)/i,
  type: /^(Event Type|Ereignistyp|Ereignisart)$/i,
  sub: /^(Event Subtype|Ereignisuntertyp|Ereignis-Subtyp|Ereignis-Untertyp)$/i,
  info: /^(Device Info|Geräteinfo|Geräteinformationen)$/i,
  source: /^(Source Device ID|Quellgeräte-ID|Quellgerät-ID)$/i,
  glucose: /^(Glucose Value|Glukosewert)/i,
  insulin: /^(Insulin Value|Insulinwert)/i,
  carbs: /^(Carb Value|Kohlenhydratwert)/i,
  duration: /^(Duration|Dauer)/i,
};

/** The event types in the languages above, as the English names the parser reads. */
const EVENT_TYPES: Record<string, string> = {
  EGW: 'EGV',
  Kalibrierung: 'Calibration',
  Kohlenhydrate: 'Carbs',
  Bewegung: 'Exercise',
  Training: 'Exercise',
  Gesundheit: 'Health',
  Gerät: 'Device',
};

export function parseClarity(text: string, tz: string, out: ParsedFile): void {
  const rows = parseCsv(text);
  const head = rows[0]?.map((h) => h.trim()) ?? [];
  const col = (name: RegExp) => head.findIndex((h) => name.test(h));
  const [iTime, iType, iSub, iInfo, iSource, iGlucose, iInsulin, iCarbs, iDuration] = [
    col(HEADERS.time), col(HEADERS.type), col(HEADERS.sub), col(HEADERS.info), col(HEADERS.source),
    col(HEADERS.glucose), col(HEADERS.insulin), col(HEADERS.carbs), col(HEADERS.duration),
  ]; // prettier-ignore
  if (iTime < 0 || iType < 0 || iGlucose < 0) return out.fail('imports.problem.notClarity');
  const mmol = /mmol/i.test(head[iGlucose]!);
  const cell = (r: string[], i: number) => (i >= 0 ? (r[i]?.trim() ?? '') : '');
  const typeOf = (r: string[]) => EVENT_TYPES[cell(r, iType)] ?? cell(r, iType);
  const devices = new Map(
    rows.filter((r) => typeOf(r) === 'Device').map((r) => [cell(r, iSource), cell(r, iInfo)]),
  );
  const deviceOf = (r: string[]) => {
    const id = cell(r, iSource);
    return devices.get(id) || (id ? `Dexcom ${id}` : 'Dexcom Clarity');
  };
  rows.slice(1).forEach((r, i) => {
    const row = `row ${i + 2}`;
    const type = typeOf(r);
    if (!type || !cell(r, iTime)) return; // the patient and device rows at the top
    const time = localTime(cell(r, iTime), tz, null);
    if (time === null) return out.reject(row, `unreadable time "${cell(r, iTime)}"`);
    const base = { serial: FILE_SERIAL, time, utc_offset_min: offsetMinutes(time, tz) };
    const g = cell(r, iGlucose);
    const limit = GLUCOSE_LIMITS[g];
    const glucose = limit ?? csvNumber(g);
    const mgdl = (v: number) => Math.round(mmol && limit === undefined ? v * MGDL_PER_MMOL : v);
    const subtype = cell(r, iSub);
    if (type === 'EGV' || type === 'Calibration') {
      if (glucose === null) return out.reject(row, `${type} without a glucose value`);
      if (type === 'EGV')
        out.add(row, { type: 'sg', ...base, serial: sgSerialOf(deviceOf(r)), mgdl: mgdl(glucose) });
      else out.add(row, { type: 'calibration', ...base, mgdl: mgdl(glucose) });
    } else if (type === 'Insulin') {
      const units = csvNumber(cell(r, iInsulin));
      if (units === null) return out.reject(row, 'insulin without units');
      // Long-acting insulin is an injection the person logged, not a pump bolus.
      if (/long|lang/i.test(subtype))
        out.add(row, {
          type: 'event',
          ...base,
          event_type: 'INS',
          value: units,
          notes: 'Long-acting insulin',
        });
      else out.add(row, { type: 'bolus', ...base, code: 'NB', set: units, delivered: units });
    } else if (type === 'Carbs') {
      const grams = csvNumber(cell(r, iCarbs));
      if (grams === null) return out.reject(row, 'carbs without grams');
      out.add(row, { type: 'event', ...base, event_type: 'CARB', value: grams });
    } else if (type === 'Exercise') {
      const [h, m] = cell(r, iDuration).split(':').map(Number);
      const minutes = cell(r, iDuration) ? (h ?? 0) * 60 + (m ?? 0) : null;
      out.add(row, {
        type: 'event',
        ...base,
        event_type: 'EXR',
        value: minutes !== null && Number.isFinite(minutes) ? minutes : null,
        notes: subtype || null,
      });
    } else if (type === 'Health') {
      out.add(row, { type: 'event', ...base, event_type: 'OTR', value: null, notes: `Health: ${subtype}` });
    } else out.skip(`Clarity rows of event type "${cell(r, iType)}"`);
  });
}
