import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataKind } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import {
  alarms,
  basalSegments,
  bgReadings,
  boluses,
  dataDeletions,
  deviceSessions,
  deviceStatus,
  events,
  pdmSettings,
} from '../../platform/db/schema';
import { removeBasal, removeGlucose, SG_UPLOADED, UPLOADED_SERIAL_PREFIX } from '../../patient-data';
import { deleteEntries, entryRowsSql } from '../../adapters/nightscout';

export type DeleteSource = 'realtime' | 'uploaded' | 'all';

interface Target {
  table: PgTable;
  patientId: PgColumn;
  /** The instant that places a row in a range (a session: its start). */
  time: PgColumn;
  /** Which column says where a row came from, and its value per source. */
  origin: PgColumn;
  values: Record<Exclude<DeleteSource, 'all'>, string>;
}

const bySource = { realtime: 'realtime', uploaded: 'uploaded' } as const;
const target = (table: PgTable & { patientId: PgColumn; time: PgColumn; source: PgColumn }): Target => ({
  table,
  patientId: table.patientId,
  time: table.time,
  origin: table.source,
  values: bySource,
});

/** Every kind of data/delete and the table that holds it (sensor glucose and basal: patient-data). */
const TARGETS: Record<Exclude<DataKind, 'sg' | 'basal'>, Target> = {
  bg: target(bgReadings),
  bolus: target(boluses),
  alarm: target(alarms),
  status: target(deviceStatus),
  session: {
    table: deviceSessions,
    patientId: deviceSessions.patientId,
    time: deviceSessions.startedAt,
    origin: deviceSessions.source,
    values: bySource,
  },
  pdm_settings: target(pdmSettings),
  // Device events are 'device' (realtime) or 'uploaded'; events people entered ('user') are not
  // device data and are deleted only through the events calls.
  event: {
    table: events,
    patientId: events.patientId,
    time: events.time,
    origin: events.origin,
    values: { realtime: 'device', uploaded: 'uploaded' },
  },
};

/**
 * Deletes one kind of a patient's data in [from, to) from the given source, inside the caller's
 * transaction, and counts the rows. One statement per kind: PostgreSQL counts the deleted rows,
 * so a deletion of 90 days of readings sends no rows back.
 */
export async function deleteKind(
  tx: Db,
  kind: DataKind,
  patientId: string,
  source: DeleteSource,
  from: Date,
  to: Date,
): Promise<number> {
  if (kind === 'sg') {
    const uploaded = source === 'uploaded';
    return removeGlucose(tx, patientId, from.getTime(), to.getTime(), (r) =>
      source === 'all' ? true : ((r.flags & SG_UPLOADED) !== 0) === uploaded,
    );
  }
  if (kind === 'basal') {
    // Through patient-data, which rebuilds the basal day blocks of the days it removed from.
    const b = basalSegments;
    const origins = source === 'all' ? Object.values(bySource) : [bySource[source]];
    const where = and(gte(b.time, from), lt(b.time, to), inArray(b.source, origins));
    return (await removeBasal(tx, patientId, where!)).count;
  }
  const t = TARGETS[kind];
  const origins = source === 'all' ? Object.values(t.values) : [t.values[source]];
  const where: SQL | undefined = and(
    eq(t.patientId, patientId),
    gte(t.time, from),
    lt(t.time, to),
    inArray(t.origin, origins),
  );
  const result = await tx.execute(
    sql`with gone as (delete from ${t.table} where ${where} returning 1) select count(*)::int as n from gone`,
  );
  const rows = (result as { rows?: Array<{ n: number | string }> }).rows ?? [];
  return Number(rows[0]?.n ?? 0);
}

/** The Nightscout collection whose documents produce each kind of portal row (features/nightscout). */
const NS_COLLECTION: Partial<Record<DataKind, string>> = {
  sg: 'entries',
  bg: 'entries',
  status: 'devicestatus',
  bolus: 'treatments',
  basal: 'treatments',
  event: 'treatments',
};

/**
 * After uploaded rows were deleted: the Nightscout documents they came from are tombstoned too (the
 * v3 history reports them deleted), so the Nightscout API stops serving what the patient deleted.
 * A document goes only when no portal row made from it is left (serial 'nightscout', seq = its seq):
 * deleting one kind never removes a document that still stands behind another kind's rows.
 */
export async function tombstoneNightscoutDocuments(
  tx: Db,
  kinds: readonly DataKind[],
  patientId: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<void> {
  const collections = [...new Set(kinds.map((k) => NS_COLLECTION[k]).filter((c): c is string => !!c))];
  if (collections.length === 0) return;
  const made = (table: PgTable) =>
    sql`exists (select 1 from ${table} r where r.patient_id = ${patientId} and r.serial = 'nightscout' and r.seq = d.seq)`;
  // A document's sensor reading is in the hour block of the document's time.
  const madeGlucose = sql`exists (select 1 from sg_blocks b cross join lateral sg_block_rows(b.packed) r
      join sg_sources s on s.patient_id = b.patient_id and s.no = r.no
     where b.patient_id = ${patientId} and b.hour = floor(date_part('epoch', d.date) / 3600)::int
       and r.seq = d.seq and s.serial like ${`${UPLOADED_SERIAL_PREFIX}%`})`;
  const gone = sql`not ${madeGlucose} and not ${made(bgReadings)} and not ${made(boluses)}
       and not ${made(basalSegments)} and not ${made(events)} and not ${made(deviceStatus)}`;
  if (collections.includes('entries')) {
    // Entries are items of hour rows (adapters/nightscout/ns-entry-store.ts): found as document rows.
    const found = await tx.execute(sql`select d.id from (${entryRowsSql(patientId, false, {
      from: from.getTime(),
      to: to.getTime(),
    })}) d where d.date >= ${from.toISOString()}::timestamptz and d.date < ${to.toISOString()}::timestamptz
       and ${gone}`);
    const ids = ((found as { rows?: Array<{ id: string }> }).rows ?? []).map((r) => r.id);
    await deleteEntries(tx, patientId, ids, () => now.getTime());
  }
  await tx.execute(sql`
    update nightscout_documents d set deleted = true, srv_modified = ${now.getTime()}
     where d.patient_id = ${patientId} and not d.deleted
       and d.date >= ${from.toISOString()}::timestamptz and d.date < ${to.toISOString()}::timestamptz
       and d.collection in (${sql.join(
         collections.map((c) => sql`${c}`),
         sql`, `,
       )})
       and ${gone}`);
}

/** The deletion's trace beside its upload-history row: who deleted which kinds, range and counts. */
export async function recordDeletion(db: Db, deletion: typeof dataDeletions.$inferInsert): Promise<void> {
  await db.insert(dataDeletions).values(deletion);
}
