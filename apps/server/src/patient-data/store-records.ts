import { sql, type SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../platform/db/client';
import { deviceSessions, pdmSettings } from '../platform/db/schema';
import { chunks, deviceColumns, insertUnnest, type Column } from './bulk-insert';
import { insertBasal } from './basal-store';
import { newId } from '../platform/lib/crypto';
import { storeGlucose } from './glucose-store';
import { HELD_ELSEWHERE, SAME_KIND, sessionStartedAt } from './same-instant';

export type Source = 'realtime' | 'uploaded';
type Of<T extends DeviceRecord['type']> = Extract<DeviceRecord, { type: T }>;
const at = (ms: number) => new Date(ms);

export interface StoreOptions {
  /**
   * A record at an instant the patient already has a record of the same kind of, from any source,
   * is a duplicate (file imports: a file's records carry no device sequence, and the same reading
   * or bolus in a second file, or in the portal's own export read back, must not count twice).
   */
  sameInstantIsDuplicate?: boolean;
  /** The transaction already holds the patient's data lock (data-events.ts lockPatientData). */
  patientLocked?: boolean;
  /**
   * Sensor glucose's writes go here instead of to the database, for the caller to send with its last
   * statement (patient-change.ts `finally`): only when nothing later in the transaction reads them.
   */
  glucoseWritesTo?: SQL[];
}

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
  receivedMs = Date.now(),
  opts: StoreOptions = {},
): Promise<number> {
  const by = <T extends DeviceRecord['type']>(type: T) => records.filter((r): r is Of<T> => r.type === type);
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  let stored = 0;
  const same = (table: keyof typeof SAME_KIND) =>
    opts.sameInstantIsDuplicate ? SAME_KIND[table] : undefined;
  const common: (rows: Parameters<typeof deviceColumns>[2]) => Column[] = (rows) =>
    deviceColumns(patientId, source, rows);
  stored += await storeGlucose(tx, patientId, source, by('sg'), receivedMs, {
    sameInstantIsDuplicate: opts.sameInstantIsDuplicate,
    patientLocked: opts.patientLocked,
    writesTo: opts.glucoseWritesTo,
  });
  for (const part of chunks([...by('calibration'), ...by('bg')])) {
    stored += await insertUnnest(
      tx,
      'bg_readings',
      [...common(part), ['kind', 'text', part.map((r) => r.type)], ['mgdl', 'real', part.map((r) => r.mgdl)]],
      same('bg_readings'),
    );
  }
  stored += await insertBasal(tx, patientId, source, by('basal'), same('basal_segments'));
  for (const part of chunks(by('bolus'))) {
    stored += await insertUnnest(
      tx,
      'boluses',
      [
        ...common(part),
        ['code', 'text', part.map((r) => r.code)],
        ['set', 'real', part.map((r) => r.set)],
        ['delivered', 'real', part.map((r) => r.delivered)],
        ['extended_set', 'real', part.map((r) => r.extended_set ?? null)],
        ['extended_delivered', 'real', part.map((r) => r.extended_delivered ?? null)],
        ['extended_duration_min', 'real', part.map((r) => r.extended_duration_min ?? null)],
        ['details', 'jsonb', part.map((r) => json(r.details))],
      ],
      same('boluses'),
    );
  }
  for (const part of chunks(by('alarm'))) {
    stored += await insertUnnest(tx, 'alarms', [
      ...common(part),
      ['device_source', 'text', part.map((r) => r.source)],
      ['code', 'text', part.map((r) => r.code)],
      ['cleared_at', 'timestamptz', part.map((r) => r.cleared_at ?? null)],
    ]);
  }
  for (const part of chunks([...by('sensor_status'), ...by('pump_status')])) {
    stored += await insertUnnest(
      tx,
      'device_status',
      [
        ...common(part),
        ['kind', 'text', part.map((r) => (r.type === 'sensor_status' ? 'sensor' : 'pump'))],
        [
          'status',
          'jsonb',
          part.map((r) => {
            const { type: _t, serial: _s, seq: _q, time: _m, utc_offset_min: _o, ...status } = r;
            return JSON.stringify(status);
          }),
        ],
      ],
      same('device_status'),
    );
  }
  for (const part of chunks(by('event'))) {
    stored += await insertUnnest(
      tx,
      'events',
      [
        ['id', 'text', part.map(() => newId())],
        ...common(part).filter(([name]) => name !== 'source'),
        ['event_type', 'text', part.map((r) => r.event_type)],
        ['value', 'real', part.map((r) => r.value ?? null)],
        ['details', 'jsonb', part.map((r) => json(r.details))],
        ['notes', 'text', part.map((r) => r.notes ?? null)],
        ['origin', 'text', part.map(() => (source === 'realtime' ? 'device' : 'uploaded'))],
      ],
      same('events'),
      opts.sameInstantIsDuplicate ? HELD_ELSEWHERE.events : undefined,
    );
  }
  for (const r of by('session')) {
    if (opts.sameInstantIsDuplicate && (await sessionStartedAt(tx, patientId, r.kind, r.started_at)))
      continue;
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
