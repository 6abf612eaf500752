import { sql } from 'drizzle-orm';
import {
  LIBREVIEW_HISTORIC_INTERVAL_MIN,
  nominalIntervalOfDevice,
  PORTAL_SENSOR_INTERVAL_MIN,
  SNAPPED_INTERVALS_MIN,
} from '@cgm/domain';
import type { Db } from '../db/client';
import { pgArray } from './bulk-insert';
import type { Source } from './store-records';

// Sources of sensor glucose (migration 0010, CLINICAL.md "Sampling interval and coverage"): each
// serial a patient's readings came from, with the class of its nominal interval (0: not known,
// inferred from the readings; 1..4: 1, 2, 5, 15 minutes) and a slot that tells sources of unknown
// interval apart. The day blocks carry both in every record's flags.

/** Serials of readings mapped from Nightscout documents and imports: this prefix + the device. */
export const UPLOADED_SERIAL_PREFIX = 'nightscout:';
/** The device name of LibreView's 15-minute historic records (the importer writes it). */
export const LIBREVIEW_HISTORIC_DEVICE = 'LibreView historic';

export function sourceClassOf(source: Source, serial: string): number {
  if (source === 'realtime') return classOfInterval(PORTAL_SENSOR_INTERVAL_MIN);
  const device = serial.startsWith(UPLOADED_SERIAL_PREFIX)
    ? serial.slice(UPLOADED_SERIAL_PREFIX.length)
    : serial;
  if (device === LIBREVIEW_HISTORIC_DEVICE) return classOfInterval(LIBREVIEW_HISTORIC_INTERVAL_MIN);
  return classOfInterval(nominalIntervalOfDevice(device));
}

const classOfInterval = (minutes: number | null): number =>
  minutes === null ? 0 : (SNAPPED_INTERVALS_MIN as readonly number[]).indexOf(minutes) + 1;

/** The nominal interval in minutes of a source class, or null (0: inferred from the readings). */
export const intervalOfClass = (cls: number): number | null => SNAPPED_INTERVALS_MIN[cls - 1] ?? null;

/** Records the sources of sensor readings about to be stored (before them: the blocks join them). */
export async function ensureSources(
  tx: Db,
  patientId: string,
  source: Source,
  serials: readonly string[],
): Promise<void> {
  const fresh = [...new Set(serials)];
  if (!fresh.length) return;
  await tx.execute(sql`
    insert into sg_sources (patient_id, serial, class, slot)
    select ${patientId}, u.serial, u.cls,
           ((select count(*) from sg_sources where patient_id = ${patientId}) + u.ord - 1) % 64
      from unnest(${pgArray(fresh)}::text[], ${pgArray(fresh.map((s) => sourceClassOf(source, s)))}::smallint[])
           with ordinality as u(serial, cls, ord)
     where not exists (select 1 from sg_sources s where s.patient_id = ${patientId} and s.serial = u.serial)
    on conflict do nothing`);
}
