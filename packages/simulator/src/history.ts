// Device history of any length, generated at once: every record the sensor, the pump and the PDM
// wrote from `from` for `days` days, and the PDM settings in force.

import type { DeviceRecord, PdmSettings } from '@cgm/contract';
import { MS_PER_DAY } from '@cgm/domain';
import type { PatientProfile } from './profile';
import { createVirtualPatient } from './virtual-patient';

export interface HistoryOptions {
  /** First minute of the history, epoch ms UTC. */
  from: number;
  days: number;
  /** As VirtualPatientOptions.maxSignalLossMin. */
  maxSignalLossMin?: number;
}

export interface History {
  records: DeviceRecord[];
  pdmSettings: PdmSettings;
  /** The end of the history (exclusive): where a live stream continues it. */
  to: number;
}

export function generateHistory(profile: PatientProfile, options: HistoryOptions): History {
  const patient = createVirtualPatient(profile, {
    from: options.from,
    maxSignalLossMin: options.maxSignalLossMin,
  });
  const to = patient.from + Math.round(options.days * MS_PER_DAY);
  const records = patient.advanceTo(to);
  return { records, pdmSettings: { ...patient.settings, updated_at: patient.from }, to };
}
