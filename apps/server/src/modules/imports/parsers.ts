import { MGDL_PER_MMOL } from '@cgm/domain';
import { LIBREVIEW_HISTORIC_DEVICE } from '../../patient-data';
import type { ImportFormat } from '@cgm/contract';
import { offsetMinutes, parseCsv, zonedToUtc } from './csv';

// Each file format → Nightscout documents (entries and treatments), which are then stored like any
// Nightscout upload: de-duplicated on time + type, so importing a file twice adds nothing.

export interface Parsed {
  entries: object[];
  treatments: object[];
  devicestatus: object[];
  profile: object[];
  problems: string[];
}

const empty = (): Parsed => ({ entries: [], treatments: [], devicestatus: [], profile: [], problems: [] });
const num = (v: string | undefined) => {
  const n = Number(String(v ?? '').replace(',', '.'));
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : null;
};
const mgdl = (v: number, mmol: boolean) => Math.round(mmol ? v * MGDL_PER_MMOL : v);

function localTime(s: string, tz: string, dayFirst: boolean): number | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(s.trim());
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(s.trim());
  let p: [number, number, number, number, number, number] | null = null;
  if (iso) p = [+iso[1]!, +iso[2]!, +iso[3]!, +iso[4]!, +iso[5]!, +(iso[6] ?? 0)];
  else if (dmy) {
    const [a, b] = [+dmy[1]!, +dmy[2]!];
    p = [+dmy[3]!, dayFirst ? b : a, dayFirst ? a : b, +dmy[4]!, +dmy[5]!, +(dmy[6] ?? 0)];
  }
  if (!p || p[1] < 1 || p[1] > 12 || p[2] < 1 || p[2] > 31) return null;
  return zonedToUtc(p, tz);
}

const entry = (date: number, tz: string, fields: object) => ({
  date,
  utcOffset: offsetMinutes(date, tz),
  ...fields,
});
const treatment = (date: number, tz: string, fields: object) => ({
  created_at: new Date(date).toISOString(),
  utcOffset: offsetMinutes(date, tz),
  ...fields,
});

/** Dexcom Clarity "Export" CSV: one row per event; EGV rows carry glucose ("High"/"Low" at the limits). */
function clarity(text: string, tz: string, out: Parsed) {
  const rows = parseCsv(text);
  const head = rows[0]?.map((h) => h.trim()) ?? [];
  const col = (name: RegExp) => head.findIndex((h) => name.test(h));
  const [iTime, iType, iSub, iGlucose, iInsulin, iCarbs, iDuration] = [
    col(/^Timestamp/i), col(/^Event Type$/i), col(/^Event Subtype$/i), col(/^Glucose Value/i),
    col(/^Insulin Value/i), col(/^Carb Value/i), col(/^Duration/i),
  ]; // prettier-ignore
  if (iTime < 0 || iType < 0 || iGlucose < 0) return void out.problems.push('imports.problem.notClarity');
  const mmol = /mmol/i.test(head[iGlucose]!);
  const device = 'Dexcom Clarity';
  rows.slice(1).forEach((r, i) => {
    const type = r[iType]?.trim();
    if (!type || !r[iTime]?.trim()) return; // patient and device rows at the top
    const at = localTime(r[iTime]!, tz, false);
    if (at === null) return void out.problems.push(`row ${i + 2}: time`);
    const g = r[iGlucose]?.trim();
    const glucose = g === 'High' ? 400 : g === 'Low' ? 40 : num(g);
    if (type === 'EGV' && glucose !== null)
      out.entries.push(
        entry(at, tz, { type: 'sgv', sgv: mgdl(glucose, mmol && g !== 'High' && g !== 'Low'), device }),
      );
    else if (type === 'Calibration' && glucose !== null)
      out.entries.push(entry(at, tz, { type: 'mbg', mbg: mgdl(glucose, mmol), device }));
    else if (type === 'Insulin' && num(r[iInsulin]) !== null)
      out.treatments.push(
        treatment(at, tz, {
          eventType: /long/i.test(r[iSub] ?? '') ? 'Note' : 'Correction Bolus',
          ...(/long/i.test(r[iSub] ?? '')
            ? { notes: `Long-acting insulin ${num(r[iInsulin])} U` }
            : { insulin: num(r[iInsulin]) }),
          enteredBy: device,
        }),
      );
    else if (type === 'Carbs' && num(r[iCarbs]) !== null)
      out.treatments.push(
        treatment(at, tz, { eventType: 'Carb Correction', carbs: num(r[iCarbs]), enteredBy: device }),
      );
    else if (type === 'Exercise') {
      const [h, m] = (r[iDuration] ?? '').split(':').map(Number);
      out.treatments.push(
        treatment(at, tz, { eventType: 'Exercise', duration: (h ?? 0) * 60 + (m ?? 0), enteredBy: device }),
      );
    }
  });
}

/** LibreView CSV: a title line, then the header; record type 0 historic, 1 scan, 2 strip, 4 insulin, 5 food. */
function libreview(text: string, tz: string, out: Parsed) {
  const rows = parseCsv(text);
  const h = rows.findIndex((r) => r.some((c) => /Record Type/i.test(c)));
  if (h < 0) return void out.problems.push('imports.problem.notLibreView');
  const head = rows[h]!.map((c) => c.trim());
  const col = (re: RegExp) => head.findIndex((c) => re.test(c));
  const [iTime, iType, iHist, iScan, iStrip, iRapid, iCarbs, iLong, iNotes] = [
    col(/Device Timestamp/i), col(/Record Type/i), col(/^Historic Glucose/i), col(/^Scan Glucose/i), col(/^Strip Glucose/i),
    col(/^Rapid-Acting Insulin \(units\)/i), col(/^Carbohydrates \(grams\)/i), col(/^Long-Acting Insulin( Value)? \(units\)/i), col(/^Notes/i),
  ]; // prettier-ignore
  const mmol = /mmol/i.test(head[iHist] ?? '');
  const body = rows.slice(h + 1);
  // Day-first when any date's first number cannot be a month.
  const dayFirst = body.some((r) => Number(/^(\d{1,2})[-/.]/.exec(r[iTime] ?? '')?.[1]) > 12);
  const device = 'LibreView';
  body.forEach((r, i) => {
    const at = localTime(r[iTime] ?? '', tz, dayFirst);
    if (at === null) return void out.problems.push(`row ${h + i + 2}: time`);
    const type = r[iType]?.trim();
    const g = (k: number) => (k >= 0 ? num(r[k]) : null);
    if (type === '0' && g(iHist) !== null)
      // Historic records are 15-minute values, scans spot checks: two sources (CLINICAL.md).
      out.entries.push(
        entry(at, tz, { type: 'sgv', sgv: mgdl(g(iHist)!, mmol), device: LIBREVIEW_HISTORIC_DEVICE }),
      );
    else if (type === '1' && g(iScan) !== null)
      out.entries.push(entry(at, tz, { type: 'sgv', sgv: mgdl(g(iScan)!, mmol), device: 'LibreView scan' }));
    else if (type === '2' && g(iStrip) !== null)
      out.entries.push(entry(at, tz, { type: 'mbg', mbg: mgdl(g(iStrip)!, mmol), device }));
    else if (type === '4' && g(iRapid) !== null)
      out.treatments.push(
        treatment(at, tz, { eventType: 'Correction Bolus', insulin: g(iRapid), enteredBy: device }),
      );
    else if (type === '4' && g(iLong) !== null)
      out.treatments.push(
        treatment(at, tz, {
          eventType: 'Note',
          notes: `Long-acting insulin ${g(iLong)} U`,
          enteredBy: device,
        }),
      );
    else if (type === '5' && g(iCarbs) !== null)
      out.treatments.push(
        treatment(at, tz, { eventType: 'Carb Correction', carbs: g(iCarbs), enteredBy: device }),
      );
    else if (type === '6' && iNotes >= 0 && r[iNotes]?.trim())
      out.treatments.push(
        treatment(at, tz, { eventType: 'Note', notes: r[iNotes]!.trim(), enteredBy: device }),
      );
  });
}

type J = Record<string, unknown>;
const isObj = (v: unknown): v is J => !!v && typeof v === 'object' && !Array.isArray(v);

/** A Nightscout export: an array of documents, or `{entries, treatments, devicestatus, profile}`. */
function nightscout(data: unknown, out: Parsed) {
  const take = (docs: unknown, into: object[]) => Array.isArray(docs) && into.push(...docs.filter(isObj));
  if (isObj(data)) {
    take(data.entries, out.entries);
    take(data.treatments, out.treatments);
    take(data.devicestatus, out.devicestatus);
    take(data.profile ?? data.profiles, out.profile);
    return;
  }
  if (!Array.isArray(data)) return void out.problems.push('imports.problem.notNightscout');
  for (const d of data.filter(isObj)) {
    if (d.sgv !== undefined || d.mbg !== undefined || d.type === 'cal') out.entries.push(d);
    else if (d.eventType !== undefined) out.treatments.push(d);
    else if (d.store !== undefined) out.profile.push(d);
    else if (
      d.pump !== undefined ||
      d.openaps !== undefined ||
      d.loop !== undefined ||
      d.uploader !== undefined
    )
      out.devicestatus.push(d);
  }
}

/** A Tidepool export: an array of data (cbg, smbg, bolus, wizard, food, basal), values in mmol/L. */
function tidepool(data: unknown, out: Parsed) {
  if (!Array.isArray(data)) return void out.problems.push('imports.problem.notTidepool');
  for (const d of data.filter(isObj)) {
    const at = typeof d.time === 'string' ? Date.parse(d.time) : NaN;
    if (Number.isNaN(at)) continue;
    const utcOffset = typeof d.timezoneOffset === 'number' ? d.timezoneOffset : 0;
    const value = typeof d.value === 'number' ? d.value : null;
    const mg =
      value === null
        ? null
        : Math.round(
            String(d.units ?? 'mmol/L')
              .toLowerCase()
              .startsWith('mg')
              ? value
              : value * MGDL_PER_MMOL,
          );
    const base = { created_at: new Date(at).toISOString(), utcOffset, enteredBy: 'Tidepool' };
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    if (d.type === 'cbg' && mg !== null)
      out.entries.push({ type: 'sgv', sgv: mg, date: at, utcOffset, device: 'Tidepool' });
    else if (d.type === 'smbg' && mg !== null)
      out.entries.push({ type: 'mbg', mbg: mg, date: at, utcOffset, device: 'Tidepool' });
    else if (d.type === 'bolus') {
      const normal = n(d.normal) ?? 0;
      const extended = n(d.extended) ?? 0;
      const minutes = (n(d.duration) ?? 0) / 60_000;
      if (extended > 0)
        out.treatments.push({
          ...base,
          eventType: 'Combo Bolus',
          insulin: normal,
          enteredinsulin: normal + extended,
          splitNow: (100 * normal) / (normal + extended),
          splitExt: (100 * extended) / (normal + extended),
          duration: minutes,
        });
      else if (normal > 0) out.treatments.push({ ...base, eventType: 'Correction Bolus', insulin: normal });
    } else if (d.type === 'wizard' && n(d.carbInput))
      out.treatments.push({ ...base, eventType: 'Carb Correction', carbs: n(d.carbInput) });
    else if (d.type === 'food') {
      const carbs = n(((d.nutrition as J | undefined)?.carbohydrate as J | undefined)?.net);
      if (carbs) out.treatments.push({ ...base, eventType: 'Carb Correction', carbs });
    } else if (d.type === 'basal' && d.deliveryType === 'temp' && n(d.rate) !== null) {
      out.treatments.push({
        ...base,
        eventType: 'Temp Basal',
        absolute: n(d.rate),
        rate: n(d.rate),
        duration: (n(d.duration) ?? 0) / 60_000,
      });
    }
  }
}

export function parseImport(format: ImportFormat, content: string, timeZone: string): Parsed {
  const out = empty();
  if (format === 'dexcom_clarity_csv') clarity(content, timeZone, out);
  else if (format === 'libreview_csv') libreview(content, timeZone, out);
  else {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      out.problems.push('imports.problem.invalidJson');
      return out;
    }
    if (format === 'nightscout_json') nightscout(data, out);
    else tidepool(data, out);
  }
  return out;
}
