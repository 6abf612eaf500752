import { sql } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
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
} from '../../db/schema';
import { newId } from '../../lib/crypto';

type Source = 'realtime' | 'uploaded';
type Of<T extends DeviceRecord['type']> = Extract<DeviceRecord, { type: T }>;
const at = (ms: number) => new Date(ms);
const CHUNK = 1000;

/**
 * Stores validated records, each exactly once: every insert is ON CONFLICT DO NOTHING on the
 * record's identity, and RETURNING tells how many were new. Runs inside the caller's transaction,
 * so a batch is acknowledged only after all of it is durable.
 */
export async function storeRecords(
  tx: Db,
  patientId: string,
  source: Source,
  records: readonly DeviceRecord[],
): Promise<number> {
  const by = <T extends DeviceRecord['type']>(type: T) => records.filter((r): r is Of<T> => r.type === type);
  let stored = 0;
  stored += await insertSg(tx, patientId, source, by('sg'));
  for (const part of chunks([...by('calibration'), ...by('bg')])) {
    const rows = part.map((r) => ({
      patientId,
      serial: r.serial,
      seq: r.seq,
      kind: r.type,
      time: at(r.time),
      utcOffsetMin: r.utc_offset_min,
      mgdl: r.mgdl,
      source,
    }));
    stored += (
      await tx.insert(bgReadings).values(rows).onConflictDoNothing().returning({ s: bgReadings.seq })
    ).length;
  }
  for (const part of chunks(by('basal'))) {
    const rows = part.map((r) => ({
      patientId,
      serial: r.serial,
      seq: r.seq,
      time: at(r.time),
      utcOffsetMin: r.utc_offset_min,
      code: r.code,
      durationMin: r.duration_min,
      rate: r.rate,
      delivered: r.delivered,
      auto: r.auto ?? null,
      source,
    }));
    stored += (
      await tx.insert(basalSegments).values(rows).onConflictDoNothing().returning({ s: basalSegments.seq })
    ).length;
  }
  for (const part of chunks(by('bolus'))) {
    const rows = part.map((r) => ({
      patientId,
      serial: r.serial,
      seq: r.seq,
      time: at(r.time),
      utcOffsetMin: r.utc_offset_min,
      code: r.code,
      set: r.set,
      delivered: r.delivered,
      extendedSet: r.extended_set ?? null,
      extendedDelivered: r.extended_delivered ?? null,
      extendedDurationMin: r.extended_duration_min ?? null,
      details: r.details ?? null,
      source,
    }));
    stored += (await tx.insert(boluses).values(rows).onConflictDoNothing().returning({ s: boluses.seq }))
      .length;
  }
  for (const part of chunks(by('alarm'))) {
    const rows = part.map((r) => ({
      patientId,
      serial: r.serial,
      seq: r.seq,
      time: at(r.time),
      utcOffsetMin: r.utc_offset_min,
      deviceSource: r.source,
      code: r.code,
      clearedAt: r.cleared_at ? at(r.cleared_at) : null,
      source,
    }));
    stored += (await tx.insert(alarms).values(rows).onConflictDoNothing().returning({ s: alarms.seq }))
      .length;
  }
  const statuses = [...by('sensor_status'), ...by('pump_status')];
  for (const part of chunks(statuses)) {
    const rows = part.map((r) => {
      const { type, serial, seq, time, utc_offset_min, ...status } = r;
      return {
        patientId,
        serial,
        seq,
        kind: type === 'sensor_status' ? ('sensor' as const) : ('pump' as const),
        time: at(time),
        utcOffsetMin: utc_offset_min,
        status,
        source,
      };
    });
    stored += (
      await tx.insert(deviceStatus).values(rows).onConflictDoNothing().returning({ s: deviceStatus.seq })
    ).length;
  }
  for (const r of by('session')) {
    // A session is sent when it starts and again when it ends: the end time fills in.
    const res = await tx
      .insert(deviceSessions)
      .values({
        patientId,
        serial: r.serial,
        kind: r.kind,
        startedAt: at(r.started_at),
        endedAt: r.ended_at ? at(r.ended_at) : null,
        pdmSerial: r.pdm_serial ?? null,
        ratedLifeHours: r.rated_life_hours,
        utcOffsetMin: r.utc_offset_min,
        source,
      })
      .onConflictDoUpdate({
        target: [
          deviceSessions.patientId,
          deviceSessions.kind,
          deviceSessions.serial,
          deviceSessions.startedAt,
        ],
        set: { endedAt: sql`coalesce(excluded.ended_at, ${deviceSessions.endedAt})` },
        setWhere: sql`${deviceSessions.endedAt} is distinct from coalesce(excluded.ended_at, ${deviceSessions.endedAt})`,
      })
      .returning({ s: deviceSessions.serial });
    stored += res.length;
  }
  for (const part of chunks(by('event'))) {
    const rows = part.map((r) => ({
      id: newId(),
      patientId,
      serial: r.serial,
      seq: r.seq,
      time: at(r.time),
      utcOffsetMin: r.utc_offset_min,
      eventType: r.event_type,
      value: r.value ?? null,
      details: r.details ?? null,
      notes: r.notes ?? null,
      origin: source === 'realtime' ? 'device' : 'uploaded',
    }));
    stored += (await tx.insert(events).values(rows).onConflictDoNothing().returning({ s: events.id })).length;
  }
  for (const part of chunks(by('pdm_settings'))) {
    const rows = part.map((r) => ({
      patientId,
      serial: r.serial,
      time: at(r.time),
      settings: r.settings,
      source,
    }));
    stored += (
      await tx.insert(pdmSettings).values(rows).onConflictDoNothing().returning({ s: pdmSettings.serial })
    ).length;
  }
  return stored;
}

/** Sensor glucose is the bulk of the data: one INSERT … SELECT FROM unnest(arrays) per chunk. */
async function insertSg(
  tx: Db,
  patientId: string,
  source: Source,
  rows: ReadonlyArray<Of<'sg'>>,
): Promise<number> {
  let stored = 0;
  for (const part of chunks(rows, 5000)) {
    const col = <T>(f: (r: Of<'sg'>) => T) => part.map(f);
    const result = await tx.execute(sql`
      insert into sg_readings (patient_id, serial, seq, time, utc_offset_min, mgdl, quality, display_code, rate, source)
      select ${patientId}, u.serial, u.seq, to_timestamp(u.ms / 1000.0), u.off, u.mgdl, u.quality, u.code, u.rate, ${source}
      from unnest(
        ${pgArray(col((r) => r.serial))}::text[], ${pgArray(col((r) => r.seq))}::bigint[],
        ${pgArray(col((r) => r.time))}::bigint[], ${pgArray(col((r) => r.utc_offset_min))}::smallint[],
        ${pgArray(col((r) => r.mgdl))}::real[], ${pgArray(col((r) => r.quality ?? null))}::text[],
        ${pgArray(col((r) => r.display_code ?? null))}::text[], ${pgArray(col((r) => r.rate ?? null))}::smallint[]
      ) as u(serial, seq, ms, off, mgdl, quality, code, rate)
      on conflict do nothing
      returning 1`);
    stored += rowCount(result);
  }
  return stored;
}

/** A PostgreSQL array literal: both drivers pass it as one text parameter (no 65,535-parameter limit). */
function pgArray(values: ReadonlyArray<string | number | null>): string {
  const items = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/(["\\])/g, '\\$1')}"`,
  );
  return `{${items.join(',')}}`;
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
