import { sql } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../../db/client';
import { checkRecords } from '../ingest/ingest.validate';
import { storeRecords } from '../ingest/ingest.repository';
import { pgArray } from '../ingest/bulk-insert';
import type { Doc } from './ns-docs';
import { isAutomated, NS_SERIAL } from './ns-map';

// Temporary basals from Nightscout treatments → the portal's basal rows. A temp basal runs until its
// duration ends or the next temp basal starts, whichever is first; a "Temp Basal" with duration 0
// (or a "Temp Basal End") is a cancel that only ends the running one (Nightscout's
// ddata.processDurations and profilefunctions.getTempBasal). So a row depends on the next temp
// basal document too: whenever temp basal documents change, the rows around them are rewritten.

const MIN = 60_000;
const DAY_MIN = 1440;

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
interface ScheduleRow {
  time: number;
  standard: Array<{ start_min: number; rate: number }> | null;
}

/** The scheduled rate (U/h) of the profile in force at a time, at the time's local minute of the day. */
function scheduledRate(profiles: readonly ScheduleRow[], at: number, offsetMin: number): number | null {
  let current: ScheduleRow | undefined;
  for (const p of profiles) if (p.time <= at) current = p;
  const list = current?.standard;
  if (!list?.length) return null;
  const minute = (((Math.floor((at + offsetMin * MIN) / MIN) % DAY_MIN) + DAY_MIN) % DAY_MIN) as number;
  return list.reduce((rate, e) => (e.start_min <= minute ? e.rate : rate), list[0]!.rate);
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

/** The basal row of one temp basal that runs until `end` (ms). */
function rowOf(t: TempDoc, end: number, scheduled: number | null): DeviceRecord | null {
  const duration = num(t.doc.duration);
  if (duration === null || duration <= 0) return null;
  const stop = Math.min(t.date + duration * MIN, end);
  const minutes = (stop - t.date) / MIN;
  const rate = tempRate(t.doc, scheduled);
  if (minutes <= 0 || rate === null) return null;
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

/**
 * Rewrites the basal rows of the temp basals between the earliest and latest of `times` (when temp
 * basal documents were written, moved or deleted), and of the one running before them, whose end
 * may have changed. Invalid (isValid:false) and deleted documents neither run nor end anything.
 */
export async function reconcileTempBasals(
  tx: Db,
  patientId: string,
  times: readonly number[],
  nowMs: number,
): Promise<void> {
  if (!times.length) return;
  const from = new Date(times.reduce((a, b) => Math.min(a, b))).toISOString();
  const to = new Date(times.reduce((a, b) => Math.max(a, b))).toISOString();
  const docs = asRows<{ seq: string | number; date: string | Date; off: number; doc: Doc; part: number }>(
    await tx.execute(sql`
      with tb as (
        select seq, date, utc_offset_min as off, doc from nightscout_documents
        where patient_id = ${patientId} and collection = 'treatments' and not deleted
          and doc->>'eventType' ilike '%temp basal%' and coalesce(doc->>'isValid', 'true') <> 'false')
      (select *, 0 as part from tb where date < ${from}::timestamptz order by date desc, seq desc limit 1)
      union all (select *, 1 as part from tb where date >= ${from}::timestamptz and date <= ${to}::timestamptz)
      union all (select *, 2 as part from tb where date > ${to}::timestamptz order by date asc, seq asc limit 1)`),
  )
    .map((r) => ({
      seq: Number(r.seq),
      date: new Date(r.date).getTime(),
      offset: Number(r.off),
      doc: r.doc,
      part: Number(r.part),
    }))
    .sort((a, b) => a.date - b.date || a.seq - b.seq);
  // The one after the range only ends the last one inside it; its own row does not change.
  const rewrite = docs.filter((d) => d.part !== 2);
  if (!rewrite.length) return;
  const profiles = asRows<{ time: string | Date; settings: Doc }>(
    await tx.execute(sql`select time, settings from pdm_settings
      where patient_id = ${patientId} and serial = ${NS_SERIAL} and time <= ${to}::timestamptz order by time`),
  ).map((r) => {
    const basal = (r.settings?.basal ?? null) as { patterns?: { standard?: ScheduleRow['standard'] } } | null;
    return { time: new Date(r.time).getTime(), standard: basal?.patterns?.standard ?? null };
  });
  const records = rewrite.flatMap((d) => {
    const next = docs[docs.indexOf(d) + 1];
    const row = rowOf(d, next ? next.date : Infinity, scheduledRate(profiles, d.date, d.offset));
    return row ? [row] : [];
  });
  await tx.execute(sql`delete from basal_segments where patient_id = ${patientId} and serial = ${NS_SERIAL}
    and seq = any(${pgArray(rewrite.map((d) => d.seq))}::bigint[])`);
  const { valid } = checkRecords(records, nowMs);
  if (valid.length)
    await storeRecords(
      tx,
      patientId,
      'uploaded',
      valid.map((v) => v.record),
    );
}
