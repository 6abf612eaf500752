// The live stream: records as simulated time advances, at real time (speed 1) or faster. With
// `historyFrom`, the model runs from there exactly as generateHistory does and streams from
// `start` on, so the stream continues a history generated with the same `from` seamlessly (same
// patient, same sessions, the sequence numbers going on). The model is pure; only the pacing here
// looks at a clock, and the clock can be replaced (tests, accelerated runs).

import type { DeviceRecord } from '@cgm/contract';
import { MS_PER_MINUTE } from '@cgm/domain';
import type { PatientProfile } from './profile';
import { createVirtualPatient } from './virtual-patient';

export interface LiveClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: LiveClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface LiveOptions {
  /** Simulated time at which streaming starts, epoch ms UTC. */
  start: number;
  /** Simulated minutes per real minute; 1 is real time. */
  speed?: number;
  /** Where the patient's history began (default `start`): the stream then continues that history. */
  historyFrom?: number;
  /** Simulated minutes per batch (default 2, the sensor's interval). */
  stepMinutes?: number;
  /** Stop before this simulated time (default: never). */
  until?: number;
  /** The latest simulated time allowed at a given real time (a device cannot report the future). */
  limit?: (realNow: number) => number;
  clock?: LiveClock;
}

export interface LiveBatch {
  /** Simulated time reached (exclusive end of the batch). */
  time: number;
  records: DeviceRecord[];
}

export async function* simulateLive(
  profile: PatientProfile,
  options: LiveOptions,
): AsyncGenerator<LiveBatch> {
  const clock = options.clock ?? realClock;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError('speed must be positive');
  const step = (options.stepMinutes ?? 2) * MS_PER_MINUTE;
  const start = Math.ceil(options.start / MS_PER_MINUTE) * MS_PER_MINUTE;
  const from = options.historyFrom ?? start;
  if (from > start) throw new RangeError('historyFrom must not be after start');
  const patient = createVirtualPatient(profile, { from });
  // Catch up silently with the part a history already holds.
  patient.advanceTo(start);
  const realStart = clock.now();
  let simTime = start;
  while (options.until === undefined || simTime < options.until) {
    const next = options.until === undefined ? simTime + step : Math.min(options.until, simTime + step);
    const realNow = clock.now();
    const paced = start + (realNow - realStart) * speed;
    const allowed = options.limit ? Math.min(paced, options.limit(realNow)) : paced;
    if (next > allowed) {
      const byPace = (next - paced) / speed;
      const byLimit = options.limit ? next - options.limit(realNow) : 0;
      await clock.sleep(Math.min(1000, Math.max(1, byPace, byLimit)));
      continue;
    }
    simTime = next;
    yield { time: simTime, records: patient.advanceTo(simTime) };
  }
}
