import type { Db } from '../../db/client';
import { decodeGlucose, readDayBlocks } from './day-blocks';

/** A patient's sensor glucose over a range, column-wise (times in epoch ms UTC, mg/dL, offsets in minutes). */
export interface GlucoseSeries {
  time: Float64Array;
  mgdl: Float64Array;
  utcOffsetMin: Int16Array;
  /**
   * Each reading's sampling interval in minutes: its source's nominal interval, or the one
   * inferred from that source's readings of the range (CLINICAL.md "Sampling interval and coverage").
   */
  intervalMin: Float64Array;
}

/**
 * Every source's sensor readings with a value in [from, to), time-ordered, one per instant (two
 * serials at one instant keep the first in serial order), values to 0.1 mg/dL, readings flagged C
 * or CX left out, each with its source's sampling interval: the compact read
 * path of the day blocks (day-blocks.ts).
 */
export async function readGlucoseSeries(
  db: Db,
  patientId: string,
  from: Date,
  to: Date,
): Promise<GlucoseSeries> {
  const blocks = await readDayBlocks(db, 'sg_day_blocks', patientId, from.getTime(), to.getTime());
  return decodeGlucose(blocks, from.getTime(), to.getTime(), null);
}
