import { checkRecords, storeRecords } from '../../patient-data';
import type { Db } from '../../platform/db/client';
import { NS_SERIAL } from './ns-map';
import { tempBasalRecord, tempEnd } from '../../adapters/nightscout';
import { loadRegimes, rateAt, regimeAt } from './ns-timeline';
import { tempBasalDocs, type TempBasalDoc } from './ns-basal-docs.repository';
import { removeTempBasalRows } from './ns-derived-basal.repository';

// Temporary basals from stored Nightscout treatments → the portal's basal rows (what a row is:
// adapters/nightscout/ns-temp-basal.ts). A row depends on the next temp basal document too:
// whenever temp basal documents change, the rows around them are rewritten.

const MIN = 60_000;

/** Where a temp basal runs: until its duration ends or the next one starts; null for a cancel. */
function spanOf(t: TempBasalDoc, next: TempBasalDoc | undefined): { start: number; end: number } | null {
  const end = tempEnd(t.doc, t.date, next?.date);
  return end === null ? null : { start: t.date, end };
}

/** The basal row of one temp basal that runs until `stop` (ms). */
const rowOf = (t: TempBasalDoc, stop: number, scheduled: number | null) =>
  tempBasalRecord(
    t.doc,
    { serial: NS_SERIAL, seq: t.seq, time: t.date, utc_offset_min: t.offset },
    stop,
    scheduled,
  );

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
  const docs = await tempBasalDocs(tx, patientId, from, to);
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
  const docs = await tempBasalDocs(tx, patientId, from, to);
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
  const removed = await removeTempBasalRows(
    tx,
    patientId,
    rewrite.map((d) => d.seq),
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
    ...(removed.span ? [removed.span] : []),
    ...valid.map((v) => ({
      start: v.record.time,
      end: v.record.time + (v.record.type === 'basal' ? v.record.duration_min : 0) * MIN,
    })),
  ];
  if (!spans.length) return null;
  return {
    start: Math.floor(spans.reduce((m, s) => Math.min(m, s.start), Infinity)),
    end: Math.ceil(spans.reduce((m, s) => Math.max(m, s.end), -Infinity)),
  };
}
