import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DataKind } from '@cgm/contract';
import type { Db } from '../../db/client';
import {
  alarms,
  basalSegments,
  bgReadings,
  boluses,
  deviceSessions,
  deviceStatus,
  events,
  pdmSettings,
  sgReadings,
} from '../../db/schema';

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

/** Every kind of data/delete and the table that holds it. */
const TARGETS: Record<DataKind, Target> = {
  sg: target(sgReadings),
  bg: target(bgReadings),
  basal: target(basalSegments),
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
