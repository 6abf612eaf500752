import { sql, type SQL } from 'drizzle-orm';
import {
  LIBREVIEW_HISTORIC_INTERVAL_MIN,
  nominalIntervalOfDevice,
  PORTAL_SENSOR_INTERVAL_MIN,
  SNAPPED_INTERVALS_MIN,
} from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { pgArray } from './bulk-insert';
import type { Source } from './store-records';

// Sources of sensor glucose (migration 0010, CLINICAL.md "Sampling interval and coverage"): each
// serial a patient's readings came from, with the class of its nominal interval (0: not known,
// inferred from the readings; 1..4: 1, 2, 5, 15 minutes) and a slot that tells sources of unknown
// interval apart. The day blocks carry both in every record's flags.

/** Serials of readings mapped from Nightscout documents: this prefix + the uploading device. */
export const UPLOADED_SERIAL_PREFIX = 'nightscout:';
/** Serials of records imported from files: this prefix + the device (or `file`, see file-import). */
export const IMPORTED_SERIAL_PREFIX = 'import:';
/** The device name of LibreView's 15-minute historic records (the importer writes it). */
export const LIBREVIEW_HISTORIC_DEVICE = 'LibreView historic';

/** The device a serial names, without the Nightscout or import prefix. */
export function deviceOfSerial(serial: string): string {
  for (const prefix of [UPLOADED_SERIAL_PREFIX, IMPORTED_SERIAL_PREFIX])
    if (serial.startsWith(prefix)) return serial.slice(prefix.length);
  return serial;
}

export function sourceClassOf(source: Source, serial: string): number {
  if (source === 'realtime') return classOfInterval(PORTAL_SENSOR_INTERVAL_MIN);
  const device = deviceOfSerial(serial);
  if (device === LIBREVIEW_HISTORIC_DEVICE) return classOfInterval(LIBREVIEW_HISTORIC_INTERVAL_MIN);
  return classOfInterval(nominalIntervalOfDevice(device));
}

const classOfInterval = (minutes: number | null): number =>
  minutes === null ? 0 : (SNAPPED_INTERVALS_MIN as readonly number[]).indexOf(minutes) + 1;

/** The nominal interval in minutes of a source class, or null (0: inferred from the readings). */
export const intervalOfClass = (cls: number): number | null => SNAPPED_INTERVALS_MIN[cls - 1] ?? null;

/** A stored source: its number (the identity of its readings with their seq) and its flag bits. */
export interface SourceRef {
  no: number;
  /** interval class + 8 × slot: what every record's flags carry (glucose-block.ts). */
  bits: number;
}

/**
 * The CTEs that record the sources of sensor readings about to be stored and name them all in
 * `src(serial, class, slot, no)`. A new source gets the next number, and the slot after the last
 * one (modulo 64). Run under the patient's glucose lock (glucose-store.ts): numbers are unique.
 */
export function sourcesCte(patientId: string, source: Source, serials: readonly string[]): SQL {
  const fresh = [...new Set(serials)];
  return sql`wanted as (
      select u.serial, u.cls, u.ord
        from unnest(${pgArray(fresh)}::text[], ${pgArray(fresh.map((s) => sourceClassOf(source, s)))}::smallint[])
             with ordinality as u(serial, cls, ord)),
    known as (select serial, class, slot, no from sg_sources where patient_id = ${patientId}),
    base as (select coalesce(max(no), 0) as n from known),
    added as (
      insert into sg_sources (patient_id, serial, class, slot, no)
      select ${patientId}, w.serial, w.cls, ((b.n + row_number() over (order by w.ord)) - 1) % 64,
             b.n + row_number() over (order by w.ord)
        from wanted w cross join base b
       where not exists (select 1 from known k where k.serial = w.serial)
      returning serial, class, slot, no),
    src as (
      select serial, class, slot, no from known where serial = any(${pgArray(fresh)}::text[])
      union all select serial, class, slot, no from added)`;
}

/** A row of `src` as a source reference. */
export const sourceRefOf = (r: { class: number; slot: number; no: number }): SourceRef => ({
  no: Number(r.no),
  bits: Number(r.class) + 8 * Number(r.slot),
});

/** Every source of a patient by number: for readers that name a reading's serial. */
export async function sourcesByNo(db: Db, patientId: string): Promise<Map<number, string>> {
  const result = await db.execute(sql`select no, serial from sg_sources where patient_id = ${patientId}`);
  const rows = (result as { rows?: Array<{ no: number; serial: string }> }).rows ?? [];
  return new Map(rows.map((r) => [Number(r.no), r.serial]));
}
