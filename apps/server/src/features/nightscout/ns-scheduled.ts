import { checkRecords, storeRecords } from '../../patient-data';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { isTempBasal, pumpSuspended } from '../../adapters/nightscout';
import { reconcileTempBasals, tempSpans } from './ns-basal';
import type { Doc } from './ns-docs';
import { scheduledRows, type Evidence } from './ns-fill';
import type { Collection } from './ns-query';
import { loadRegimes } from './ns-timeline';
import { pumpReports } from './ns-basal-docs.repository';
import { NS_SCHEDULE_SERIAL, removeScheduledRows, scheduledRowEdges } from './ns-derived-basal.repository';

// The basal the portal derives from uploaded documents: temp basal rows (ns-basal) and, between
// them, the scheduled basal of the profile in force (ns-timeline, ns-fill) for as long as the
// uploader reported the pump. Scheduled rows are derived, never sent: serial 'nightscout-schedule',
// seq = their start (ms). Whenever a document that decides them is written, changed or deleted,
// the window it can affect is rebuilt from the stored documents, so the rows are always what a
// rebuild of everything would give, whatever order the documents arrived in.

/** Pump reports further apart than this leave the time between them unknown (see docs/NIGHTSCOUT.md). */
export const MAX_GAP_MS = 6 * 3_600_000;

const MIN = 60_000;
const PUMP_EVENTS = ['Suspend Pump', 'Resume Pump'];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const isObj = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);

/** A treatment that reports the pump: a temp basal (or its cancel), a suspend or a resume. */
const reportsPump = (doc: Doc) => isTempBasal(doc) || PUMP_EVENTS.includes(String(doc.eventType ?? ''));

/**
 * The pump reports of [from, to], with the last one before and the first one after (per
 * collection), in time order: whether each says the pump was suspended.
 */
async function loadEvidence(tx: Db, patientId: string, from: number, to: number): Promise<Evidence[]> {
  const reports = await pumpReports(tx, patientId, from, to);
  return reports
    .map((r) => ({
      time: r.time,
      suspended: isObj(r.pump) ? pumpSuspended(r.pump) : r.event === 'Suspend Pump',
    }))
    .sort((a, b) => a.time - b.time);
}

/**
 * Rebuilds the scheduled basal rows wherever the state may have changed within [from, to] (to may
 * be Infinity). The window is widened to canonical row edges: back to the start of the last row
 * before `from` and on to the start of the first row after `to` (row starts are exact; row ends
 * are stored as float minutes), so the rebuilt rows join their neighbours as a full rebuild would.
 */
async function rebuild(tx: Db, patientId: string, from: number, to: number, nowMs: number) {
  const edges = await scheduledRowEdges(tx, patientId, from, to);
  const w0 = edges.before ?? from;
  const next = edges.after ?? Infinity;
  const evidence = await loadEvidence(tx, patientId, w0, next);
  // Without a row after the window, nothing is derived beyond the last report.
  const w1 = Number.isFinite(next) ? next : evidence.reduce((m, e) => Math.max(m, e.time), w0) + 1;
  const regimes = await loadRegimes(tx, patientId, w0, w1);
  const temps = await tempSpans(tx, patientId, w0, w1);
  const rows = scheduledRows({ start: w0, end: w1 }, evidence, temps, regimes, MAX_GAP_MS);
  await removeScheduledRows(tx, patientId, w0, next);
  const records: DeviceRecord[] = rows.map((r) => ({
    type: 'basal',
    serial: NS_SCHEDULE_SERIAL,
    seq: r.start,
    time: r.start,
    utc_offset_min: r.offset,
    code: r.code,
    duration_min: round3((r.end - r.start) / MIN),
    rate: r.rate,
    delivered: round3((r.rate * (r.end - r.start)) / 3_600_000),
  }));
  const { valid } = checkRecords(records, nowMs);
  if (valid.length)
    await storeRecords(
      tx,
      patientId,
      'uploaded',
      valid.map((v) => v.record),
    );
}

/** A document as it is now or as it was before a change (both are passed for a change). */
export interface DocAt {
  doc: Doc;
  date: number;
}

/**
 * After documents of a collection were written, changed or deleted (each where it is now and
 * where it was): rewrites the temp basal rows they touch and rebuilds the scheduled basal of the
 * time they can affect. Only uploaded, derived rows change; the portal's own devices' rows never.
 *  - a profile: from its start on (it is in force until a later one; percent temp basals follow it);
 *  - a Profile Switch: while it runs, or from its start on when it has no duration;
 *  - a temp basal: while it runs, and the rows of the one before it (the next start ends it);
 *  - any pump report (device status with a pump, temp basal, suspend, resume): the time within
 *    MAX_GAP_MS of it, since whether the time around it counts as reported depends on it.
 */
export async function refreshDerivedBasal(
  tx: Db,
  patientId: string,
  collection: Collection,
  changed: readonly DocAt[],
  nowMs: number,
): Promise<void> {
  const reach: Array<[number, number]> = [];
  const rates: Array<[number, number]> = [];
  const near = (t: number) => reach.push([t - MAX_GAP_MS, t + MAX_GAP_MS]);
  for (const { doc, date } of changed) {
    if (collection === 'profile') {
      reach.push([date, Infinity]);
      rates.push([date, Infinity]);
    } else if (collection === 'devicestatus') {
      if (isObj(doc.pump)) near(date);
    } else if (collection === 'treatments') {
      if (reportsPump(doc)) near(date);
      if (isTempBasal(doc)) {
        reach.push([date, date + Math.max(0, num(doc.duration) ?? 0) * MIN]);
        rates.push([date, date]);
      }
      if (doc.eventType === 'Profile Switch') {
        const minutes = num(doc.duration) ?? 0;
        const end = minutes > 0 ? date + minutes * MIN : minutes === 0 ? Infinity : date;
        reach.push([date, end]);
        rates.push([date, end]);
      }
    }
  }
  // Reduced, not spread: an import can change tens of thousands of documents at once.
  const lowest = (spans: Array<[number, number]>) => spans.reduce((m, [a]) => Math.min(m, a), Infinity);
  const highest = (spans: Array<[number, number]>) => spans.reduce((m, [, b]) => Math.max(m, b), -Infinity);
  if (rates.length) {
    const changedTemps = await reconcileTempBasals(tx, patientId, lowest(rates), highest(rates), nowMs);
    // Stored durations are float minutes: a minute either side covers their rounding.
    if (changedTemps) reach.push([changedTemps.start - MIN, changedTemps.end + MIN]);
  }
  if (!reach.length) return;
  await rebuild(tx, patientId, Math.floor(lowest(reach)), Math.ceil(highest(reach)), nowMs);
}
