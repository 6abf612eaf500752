import { documentRecords, type NsDoc } from '../nightscout';
import { isTempBasal, tempBasalRecord, tempEnd } from '../nightscout';
import { FILE_SERIAL, sgSerialOf, type ParsedFile } from './parsed';

// A Nightscout export (an array of documents, or `{entries, treatments, devicestatus, profile}`,
// as the portal's own export writes it): each document means the records the Nightscout API
// makes of it (adapters/nightscout), keyed by time and kind instead of by a stored document.

const isObj = (v: unknown): v is NsDoc => !!v && typeof v === 'object' && !Array.isArray(v);

/** A number, also one sent as a string (Nightscout casts them on write). */
const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** Epoch ms (seconds too) or an ISO string, as Nightscout reads a document's time. */
function timeOf(v: unknown): number | null {
  const n = num(v);
  if (n !== null) return n > 1e11 ? Math.round(n) : n > 1e8 ? Math.round(n * 1000) : null;
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

/** The UTC offset an ISO time states ("+02:00", "+0200", "Z"), else the document's utcOffset, else 0. */
function offsetOf(iso: unknown, utcOffset: unknown): number {
  if (typeof iso === 'string' && /T\d/.test(iso)) {
    if (/Z$/i.test(iso)) return 0;
    const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
    const v = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
    if (v !== null && Math.abs(v) <= 14 * 60) return v;
  }
  const n = num(utcOffset);
  return n !== null && Math.abs(n) <= 14 * 60 ? Math.round(n) : 0;
}

/** The numbers of a document cast, as Nightscout does on write. */
function cast(doc: NsDoc, keys: readonly string[]): NsDoc {
  const out = { ...doc };
  for (const k of keys) if (out[k] !== undefined) out[k] = num(out[k]) ?? undefined;
  return out;
}
const ENTRY_NUMBERS = ['sgv', 'mbg', 'trend'];
const TREATMENT_NUMBERS = ['glucose', 'carbs', 'insulin', 'duration', 'percent', 'absolute', 'relative', 'rate', 'enteredinsulin', 'splitNow', 'splitExt']; // prettier-ignore

interface Located {
  at: string;
  doc: NsDoc;
  time: number;
  offset: number;
}

export function parseNightscout(data: unknown, out: ParsedFile): void {
  const byCollection: Record<string, Array<[string, unknown]>> = {};
  const put = (collection: string, at: string, doc: unknown) =>
    (byCollection[collection] ??= []).push([at, doc]);
  if (isObj(data)) {
    for (const [collection, docs] of Object.entries(data)) {
      if (!Array.isArray(docs)) continue;
      docs.forEach((d, i) => put(collection, `${collection}[${i}]`, d));
    }
  } else if (Array.isArray(data)) {
    data.forEach((d, i) => put(collectionOf(d), `[${i}]`, d));
  } else return out.fail('imports.problem.notNightscout');
  for (const [collection, docs] of Object.entries(byCollection)) {
    if (collection === 'entries') docs.forEach(([at, d]) => entry(at, d, out));
    else if (collection === 'treatments') treatments(docs, out);
    else if (collection === 'devicestatus') docs.forEach(([at, d]) => status(at, d, out));
    // A profile is settings, not history: the Nightscout API takes it (ns-profile.ts).
    else docs.forEach(() => out.skip(`Nightscout ${collection} documents`));
  }
}

function collectionOf(d: unknown): string {
  if (!isObj(d)) return 'entries';
  if (d.sgv !== undefined || d.mbg !== undefined || d.type === 'cal') return 'entries';
  if (d.eventType !== undefined) return 'treatments';
  if (d.store !== undefined) return 'profile';
  return 'devicestatus';
}

/** A document's time and offset, or why it has none. */
function locate(at: string, raw: unknown, times: unknown[], out: ParsedFile): Located | null {
  const given = times.find((t) => timeOf(t) !== null);
  if (!isObj(raw)) out.reject(at, 'not an object');
  else if (given === undefined) out.reject(at, 'document without a readable time');
  // AndroidAPS invalidates a document instead of deleting it: it no longer counts.
  else if (raw.isValid === false) out.skip('Nightscout documents marked invalid (isValid: false)');
  else return { at, doc: raw, time: timeOf(given)!, offset: offsetOf(given, raw.utcOffset) };
  return null;
}

function entry(at: string, raw: unknown, out: ParsedFile): void {
  const d = isObj(raw) ? raw : {};
  const l = locate(at, raw, [d.date, d.dateString, d.sysTime], out);
  if (!l) return;
  const doc = cast(l.doc, ENTRY_NUMBERS);
  doc.type ??= doc.sgv !== undefined ? 'sgv' : doc.mbg !== undefined ? 'mbg' : 'sgv';
  const records = documentRecords('entries', doc, base(l), sgSerialOf);
  if (!records.length) {
    const sgv = num(doc.sgv);
    if (doc.type === 'sgv' && sgv !== null && sgv < 39) return out.skip('sensor error codes (sgv below 39)');
    if (doc.type === 'sgv' || doc.type === 'mbg')
      return out.reject(at, `${String(doc.type)} without a value`);
    return out.skip(`Nightscout entries of type "${String(doc.type)}"`);
  }
  for (const r of records) out.add(at, r);
}

const base = (l: Located) => ({ serial: FILE_SERIAL, seq: 0, time: l.time, utc_offset_min: l.offset });

function treatments(docs: Array<[string, unknown]>, out: ParsedFile): void {
  const temps: Located[] = [];
  for (const [at, raw] of docs) {
    const d = isObj(raw) ? raw : {};
    const l = locate(at, raw, [d.eventTime, d.created_at, d.timestamp, d.date], out);
    if (!l) continue;
    l.doc = cast(l.doc, TREATMENT_NUMBERS);
    // Temp basals become rows below: each runs until the next one starts.
    if (isTempBasal(l.doc)) temps.push(l);
    const records = documentRecords('treatments', l.doc, base(l), sgSerialOf);
    for (const r of records) out.add(at, r);
    if (!records.length && !isTempBasal(l.doc))
      out.skip(`Nightscout treatments of type "${String(l.doc.eventType ?? '')}"`);
  }
  temps.sort((a, b) => a.time - b.time);
  temps.forEach((t, i) => {
    const end = tempEnd(t.doc, t.time, temps[i + 1]?.time);
    if (end === null) return; // a cancel: it only ends the one before
    // A percent temp basal needs the profile's scheduled rate, which a file does not give reliably.
    const row = tempBasalRecord(t.doc, base(t), end, null);
    if (row) out.add(t.at, row);
    else out.reject(t.at, 'temp basal without an absolute rate (a percent needs the profile)');
  });
}

function status(at: string, raw: unknown, out: ParsedFile): void {
  const d = isObj(raw) ? raw : {};
  const l = locate(at, raw, [d.created_at, d.date, d.mills], out);
  if (!l) return;
  const records = documentRecords('devicestatus', l.doc, base(l), sgSerialOf);
  if (!records.length) return out.skip('Nightscout device status without a pump');
  for (const r of records) out.add(at, r);
}
