import type { Db } from '../../platform/db/client';
import { readGlucoseSeries as readSeries, type GlucoseSeries } from '../../patient-data';

export type { GlucoseSeries };

/**
 * Every source's sensor readings with a value in [from, to) as the statistics take them (the
 * patient-data read path: one per instant, 0.1 mg/dL, C and CX left out, each source's interval).
 */
export async function readGlucoseSeries(
  db: Db,
  patientId: string,
  from: Date,
  to: Date,
): Promise<GlucoseSeries> {
  return readSeries(db, patientId, from.getTime(), to.getTime());
}
