import type { MonitorGlucoseChange } from '@cgm/contract';
import type { LiveChange } from '../../platform/bus/live-bus';
import type { Db } from '../../platform/db/client';
import { decodeFlaggedSg, newestGlucose, sourceFilter } from '../../patient-data';
import { sgPoints } from './chart-extras';
import { optionsAndGlucoseBlocks } from './live-glucose.repository';

/**
 * The readings a wake-up brings a waiting follower (issue 21): read once per patient and change,
 * whatever the number of followers, from the same blocks and with the same data options as the
 * status's chart and sensor card, so the follower's screen ends up as a new status call would
 * draw it. One statement: the patient's data options and the touched hours' blocks.
 */
export async function readGlucoseChange(
  db: Db,
  patientId: string,
  change: LiveChange,
): Promise<MonitorGlucoseChange> {
  const end = change.to + 1;
  const { options, blocks } = await optionsAndGlucoseBlocks(db, patientId, change.from, end);
  const keep = sourceFilter(options, 'cgms');
  const newest = newestGlucose(blocks, change.from, end, keep);
  return {
    source: change.source,
    from: change.from,
    to: change.to,
    sg: sgPoints(decodeFlaggedSg(blocks, change.from, end, keep)),
    newest: newest && {
      time: newest.time,
      mgdl: newest.mgdl,
      rate: newest.rate,
      quality: newest.quality,
      displayCode: newest.displayCode,
      utcOffsetMin: newest.utcOffsetMin,
    },
  };
}
