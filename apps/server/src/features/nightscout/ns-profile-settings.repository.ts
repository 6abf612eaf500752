import { sql } from 'drizzle-orm';
import type { ReviewedPdmSettings } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { pdmSettings } from '../../platform/db/schema';
import { NS_SERIAL } from './ns-map';

// SQL of the device settings made from Nightscout profile documents (ns-profile): PDM settings
// rows keyed like every other by serial ('nightscout') and time (the profile's start).

/** Writes each profile's settings; a row already at that time is replaced. */
export async function upsertProfileSettings(
  tx: Db,
  patientId: string,
  rows: ReadonlyArray<{ time: Date; settings: ReviewedPdmSettings }>,
): Promise<void> {
  for (const { time, settings } of rows) {
    const row = { patientId, serial: NS_SERIAL, time, settings, source: 'uploaded' as const };
    await tx
      .insert(pdmSettings)
      .values(row)
      .onConflictDoUpdate({
        target: [pdmSettings.patientId, pdmSettings.serial, pdmSettings.time],
        set: { settings: row.settings, source: row.source },
      });
  }
}

/** Removes the settings made from profiles starting at these times (ms). */
export async function deleteProfileSettings(
  tx: Db,
  patientId: string,
  dates: readonly number[],
): Promise<void> {
  const times = `{${dates.map((d) => `"${new Date(d).toISOString()}"`).join(',')}}`;
  await tx.execute(sql`delete from pdm_settings where patient_id = ${patientId} and serial = ${NS_SERIAL}
    and time = any(${times}::timestamptz[])`);
}
