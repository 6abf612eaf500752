import { sql } from 'drizzle-orm';
import { checkRecords, pgArray, storeRecords } from '../../patient-data';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../../db/client';
import type { Doc } from './ns-docs';
import { isAutomated, NS_SERIAL } from './ns-map';
import { loadRegimes, rateAt, regimeAt } from './ns-timeline';

// Temporary basals from Nightscout treatments → the portal's basal rows. A temp basal runs until its
// duration ends or the next temp basal starts, whichever is first; a "Temp Basal" with duration 0
// (or a "Temp Basal End") is a cancel that only ends the running one (Nightscout's
// ddata.processDurations and profilefunctions.getTempBasal). So a row depends on the next temp
// basal document too: whenever temp basal documents change, the rows around them are rewritten.

const MIN = 60_000;

/** Nightscout treats any eventType containing "Temp Basal" as a temporary basal (lib/data/ddata.js). */
export const isTempBasal = (doc: Doc | null | undefined): boolean =>
  !!doc && /Temp Basal/i.test(String(doc.eventType ?? ''));

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round3 = (v: number) => Math.round(v * 1000) / 1000;

interface TempDoc {
  seq: number;
  date: number;
  offset: number;
  doc: Doc;
}

/**
 * The rate of a temp basal in U/h: `absolute` (or `rate`), else `percent` as a change of the
 * profile's scheduled rate (Nightscout: basal × (100 + percent) / 100); null when it cannot be known.
 */
export function tempRate(doc: Doc, scheduled: number | null): number | null {
  const absolute = num(doc.absolute) ?? num(doc.rate);
  if (absolute !== null) return absolute >= 0 ? absolute : null;
  const percent = num(doc.percent);
  if (percent === null || scheduled === null) return null;
  return Math.max(0, round3((scheduled * (100 + percent)) / 100));
}

/** Where a temp basal runs: until its duration ends or the next one starts; null for a cancel. */
function spanOf(t: TempDoc, next: TempDoc | undefined): { start: number; end: number } | null {
  const duration = num(t.doc.duration);
  if (duration === null || duration <= 0) return null;
  const end = Math.min(t.date + Math.round(duration * MIN), next ? next.date : Infinity);
  return end > t.date ? { start: t.date, end } : null;
}

/** The basal row of one temp basal that runs until `stop` (ms). */
function rowOf(t: TempDoc, stop: number, scheduled: number | null): DeviceRecord | null {
  const minutes = (stop - t.date) / MIN;
  const rate = tempRate(t.doc, scheduled);
  if (rate === null) return null;
  const delivered = round3((rate * minutes) / 60);
  // Set by a closed loop, it is automated delivery: auto mode basal (BAAM), not a manual temp basal.
  const auto = isAutomated(t.doc);
  return {
    type: 'basal',
    serial: NS_SERIAL,
    seq: t.seq,
    time: t.date,
    utc_offset_min: t.offset,
    code: auto ? 'BAAM' : 'BART',
    duration_min: round3(minutes),
    rate,
    delivered,
    ...(auto
      ? { auto: { auto_basal_delivery: delivered, auto_corr_delivery: 0, auto_food_delivery: 0 } }
      : {}),
  };
}

const asRows = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? []) as T[];

const ts = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'infinity');

/**
 * The valid, live temp basal documents that start in [from, to], with the one before and the one
 * after (which end the first and the last), in time order; `part` 0 before, 1 inside, 2 after.
 */
async function tempDocs(tx: Db, patientId: string, from: number, to: number) {
  const cols = sql`seq, date, utc_offset_min as off, doc`;
  const where = sql`patient_id = ${patientId} and collection = 'treatments' and not deleted
    and doc->>'eventType' ilike '%temp basal%' and coalesce(doc->>'isValid', 'true') <> 'false'`;
  return asRows<{ seq: string | number; date: string | Date; off: number; doc: Doc; part: number }>(
    // The condition written out in each part (not a CTE, which PostgreSQL would materialise for
    // every temp basal of the patient): each part is one range of the (patient, collection, date) index.
    await tx.execute(sql`
      (select ${cols}, 0 as part from nightscout_documents where ${where}
        and date < ${ts(from)}::timestamptz order by date desc, seq desc limit 1)
      union all (select ${cols}, 1 as part from nightscout_documents where ${where}
        and date >= ${ts(from)}::timestamptz and date <= ${ts(to)}::timestamptz)
      union all (select ${cols}, 2 as part from nightscout_documents where ${where}
        and date > ${ts(to)}::timestamptz order by date asc, seq asc limit 1)`),
  )
    .map((r) => ({
      seq: Number(r.seq),
      date: new Date(r.date).getTime(),
      offset: Number(r.off),
      doc: r.doc,
      part: Number(r.part),
    }))
    .sort((a, b) => a.date - b.date || a.seq - b.seq);
}

/**
 * Where temp basals ran during [from, to): whatever their rate, scheduled basal is not assumed
 * under a temp basal (one whose rate cannot be read still stands for the time it ran). Of those
 * that started before `from` only the last can still run: the next start ends it.
 */
export async function tempSpans(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<Array<{ start: number; end: number }>> {
  const docs = await tempDocs(tx, patientId, from, to);
  return docs.flatMap((d, i) => {
    const span = d.part === 2 ? null : spanOf(d, docs[i + 1]);
    return span && span.end > from && span.start < to ? [span] : [];
  });
}

/**
 * Rewrites the basal rows of the temp basals that start in [from, to] (when temp basal documents
 * were written, moved or deleted, or the scheduled rate a percent temp basal follows changed), and
 * of the one running before them, whose end may have changed. Invalid (isValid:false) and deleted
 * documents neither run nor end anything. Answers the time span whose temp basal rows changed.
 */
export async function reconcileTempBasals(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
  nowMs: number,
): Promise<{ start: number; end: number } | null> {
  const docs = await tempDocs(tx, patientId, from, to);
  // The one after the range only ends the last one inside it; its own row does not change.
  const rewrite = docs.filter((d) => d.part !== 2);
  if (!rewrite.length) return null;
  const regimes = await loadRegimes(tx, patientId, rewrite[0]!.date, rewrite.at(-1)!.date + 1);
  const records = rewrite.flatMap((d) => {
    const span = spanOf(d, docs[docs.indexOf(d) + 1]);
    const regime = regimeAt(regimes, d.date);
    const row = span && rowOf(d, span.end, regime ? rateAt(regime, d.date) : null);
    return row ? [row] : [];
  });
  const removed = asRows<{ time: string | Date; duration_min: number }>(
    await tx.execute(sql`delete from basal_segments where patient_id = ${patientId} and serial = ${NS_SERIAL}
      and seq = any(${pgArray(rewrite.map((d) => d.seq))}::bigint[]) returning time, duration_min`),
  );
  const { valid } = checkRecords(records, nowMs);
  if (valid.length)
    await storeRecords(
      tx,
      patientId,
      'uploaded',
      valid.map((v) => v.record),
    );
  const spans = [
    ...removed.map((r) => [new Date(r.time).getTime(), Number(r.duration_min)] as const),
    ...valid.map((v) => [v.record.time, v.record.type === 'basal' ? v.record.duration_min : 0] as const),
  ];
  if (!spans.length) return null;
  return {
    start: Math.floor(spans.reduce((m, [t]) => Math.min(m, t), Infinity)),
    end: Math.ceil(spans.reduce((m, [t, minutes]) => Math.max(m, t + minutes * MIN), -Infinity)),
  };
}
