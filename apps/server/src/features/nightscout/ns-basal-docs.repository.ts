import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import type { Doc } from './ns-docs';
import type { ProfileDocAt, SwitchAt } from './ns-timeline';

// SQL of the stored Nightscout documents the portal's basal is derived from: profiles and Profile
// Switches (the scheduled rate, ns-timeline), temp basals (ns-basal) and pump reports (whether the
// pump was reported, ns-scheduled). Only live documents count: not deleted, not marked invalid.
// Each query's condition is written out in each part of a union (not a CTE, which PostgreSQL would
// materialise over all of the patient's treatments): each part is one range of the
// (patient, collection, date) index.

const ts = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'infinity');
const msOf = (v: string | Date) => new Date(v).getTime();
const live = (patientId: string) =>
  sql`patient_id = ${patientId} and not deleted and coalesce(doc->>'isValid', 'true') <> 'false'`;
type Row = { seq: string | number; date: string | Date; off?: number; doc: Doc };

/** The profile in force at `from` (the latest started by then) and those that start in (from, to). */
export async function profileDocs(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<ProfileDocAt[]> {
  const profile = sql`${live(patientId)} and collection = 'profile'`;
  const cols = sql`seq, date, utc_offset_min as off, doc`;
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      (select ${cols} from nightscout_documents where ${profile} and date <= ${ts(from)}::timestamptz
        order by date desc, seq desc limit 1)
      union all (select ${cols} from nightscout_documents where ${profile}
        and date > ${ts(from)}::timestamptz and date < ${ts(to)}::timestamptz)`),
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    date: msOf(r.date),
    offset: Number(r.off ?? 0),
    doc: r.doc,
  }));
}

/**
 * The Profile Switches that can be in force in [from, to): of those started in [since, from] the
 * last open-ended one and those still running at `from`, and those that start in (from, to).
 */
export async function profileSwitches(
  tx: Db,
  patientId: string,
  since: number,
  from: number,
  to: number,
): Promise<SwitchAt[]> {
  const switch_ = sql`${live(patientId)} and collection = 'treatments' and doc->>'eventType' = 'Profile Switch'`;
  const before = sql`${switch_} and date >= ${ts(since)}::timestamptz and date <= ${ts(from)}::timestamptz`;
  // Stored treatments hold numeric durations or none (ns-docs); none runs until the next switch.
  const minutes = sql`(case when jsonb_typeof(doc->'duration') = 'number' then (doc->>'duration')::float8 else 0 end)`;
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      (select seq, date, doc from nightscout_documents where ${before} and ${minutes} = 0
        order by date desc, seq desc limit 1)
      union all (select seq, date, doc from nightscout_documents where ${before} and ${minutes} > 0
        and date + ${minutes} * interval '1 minute' > ${ts(from)}::timestamptz)
      union all (select seq, date, doc from nightscout_documents where ${switch_}
        and date > ${ts(from)}::timestamptz and date < ${ts(to)}::timestamptz)`),
  );
  return rows.map((r) => ({ seq: Number(r.seq), date: msOf(r.date), doc: r.doc }));
}

/** A temp basal document; `part` 0 the one before the range, 1 inside it, 2 the one after. */
export interface TempBasalDoc {
  seq: number;
  date: number;
  offset: number;
  doc: Doc;
  part: number;
}

/**
 * The temp basal documents that start in [from, to], with the one before and the one after
 * (which end the first and the last), in time order.
 */
export async function tempBasalDocs(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<TempBasalDoc[]> {
  const cols = sql`seq, date, utc_offset_min as off, doc`;
  const where = sql`${live(patientId)} and collection = 'treatments' and doc->>'eventType' ilike '%temp basal%'`;
  const rows = rowsOf<Row & { part: number }>(
    await tx.execute(sql`
      (select ${cols}, 0 as part from nightscout_documents where ${where}
        and date < ${ts(from)}::timestamptz order by date desc, seq desc limit 1)
      union all (select ${cols}, 1 as part from nightscout_documents where ${where}
        and date >= ${ts(from)}::timestamptz and date <= ${ts(to)}::timestamptz)
      union all (select ${cols}, 2 as part from nightscout_documents where ${where}
        and date > ${ts(to)}::timestamptz order by date asc, seq asc limit 1)`),
  );
  return rows
    .map((r) => ({
      seq: Number(r.seq),
      date: msOf(r.date),
      offset: Number(r.off),
      doc: r.doc,
      part: Number(r.part),
    }))
    .sort((a, b) => a.date - b.date || a.seq - b.seq);
}

/** Documents the portal's pump data are made from: a device status with a pump, a pump treatment. */
const reportsPump = (collection: 'devicestatus' | 'treatments'): SQL =>
  collection === 'devicestatus'
    ? sql`collection = 'devicestatus' and jsonb_typeof(doc->'pump') = 'object'`
    : sql`collection = 'treatments' and (doc->>'eventType' ilike '%temp basal%'
        or doc->>'eventType' in ('Suspend Pump', 'Resume Pump'))`;

/** A pump report: a device status's `pump`, or a treatment's event type. */
export interface PumpReport {
  time: number;
  pump: Doc | null;
  event: string | null;
}

/** The pump reports of [from, to], with the last one before and the first one after (per collection). */
export async function pumpReports(
  tx: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<PumpReport[]> {
  const cols = sql`date, case when collection = 'devicestatus' then doc->'pump' end as pump, doc->>'eventType' as event`;
  const parts = (['devicestatus', 'treatments'] as const).map(
    (c) => sql`
      (select ${cols} from nightscout_documents where ${live(patientId)} and ${reportsPump(c)}
        and date < ${ts(from)}::timestamptz order by date desc limit 1)
      union all (select ${cols} from nightscout_documents where ${live(patientId)} and ${reportsPump(c)}
        and date >= ${ts(from)}::timestamptz and date <= ${ts(to)}::timestamptz)
      union all (select ${cols} from nightscout_documents where ${live(patientId)} and ${reportsPump(c)}
        and date > ${ts(to)}::timestamptz order by date asc limit 1)`,
  );
  const rows = rowsOf<{ date: string | Date; pump: Doc | null; event: string | null }>(
    await tx.execute(sql`${parts[0]!} union all ${parts[1]!}`),
  );
  return rows.map((r) => ({ time: msOf(r.date), pump: r.pump, event: r.event }));
}
