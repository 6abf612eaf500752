// Extended parts of boluses (extended and combo, spec §3 "Bolus row"): delivered evenly over their
// duration; the bolus row is written when the part ends, or is cut short by a suspend or the end
// of a patch, with what it delivered.

import { MS_PER_MINUTE } from '@cgm/domain';
import type { BolusCode } from './codes';
import type { ExtendedProgress } from './delivery-status';
import type { RecordSink } from './records';
import type { BolusDetails } from './wizard';

interface ExtendedRun {
  start: number;
  end: number;
  code: BolusCode;
  /** The normal part, given at the start. */
  now: number;
  extSet: number;
  extDelivered: number;
  minutes: number;
  details: BolusDetails | null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export class ExtendedBoluses {
  private runs: ExtendedRun[] = [];

  constructor(private readonly sink: RecordSink) {}

  get running(): boolean {
    return this.runs.length > 0;
  }

  start(
    t: number,
    code: BolusCode,
    now: number,
    extended: number,
    minutes: number,
    details: BolusDetails | null,
  ): void {
    this.runs.push({
      start: t,
      end: t + minutes * MS_PER_MINUTE,
      code,
      now,
      extSet: extended,
      extDelivered: 0,
      minutes,
      details,
    });
  }

  /** The latest running part, for the pump status: set, delivered so far and minutes left. */
  progress(t: number): ExtendedProgress | null {
    const r = this.runs[this.runs.length - 1];
    if (!r) return null;
    const minutesLeft = Math.max(0, Math.ceil((r.end - t) / MS_PER_MINUTE));
    return { extSet: r.extSet, extDelivered: r.extDelivered, minutes: r.minutes, minutesLeft };
  }

  /** The minute's extended delivery, U; writes the rows of parts that end with it. */
  step(t: number): number {
    let sum = 0;
    for (const run of this.runs) {
      const d = Math.min(run.extSet / run.minutes, run.extSet - run.extDelivered);
      run.extDelivered += d;
      sum += d;
    }
    if (this.runs.some((r) => t + MS_PER_MINUTE >= r.end)) {
      for (const r of this.runs) if (t + MS_PER_MINUTE >= r.end) this.write(r, r.minutes);
      this.runs = this.runs.filter((r) => t + MS_PER_MINUTE < r.end);
    }
    return sum;
  }

  /** Stops every running part (suspend, end of patch) and writes what each delivered. */
  cancel(t: number): void {
    for (const r of this.runs) this.write(r, Math.round((t - r.start) / MS_PER_MINUTE));
    this.runs = [];
  }

  private write(r: ExtendedRun, minutes: number): void {
    this.sink.emit('pumpBase', {
      type: 'bolus',
      time: r.start,
      code: r.code,
      set: r.now,
      delivered: r.now,
      extended_set: r.extSet,
      extended_delivered: round2(r.extDelivered),
      extended_duration_min: minutes,
      details: r.details,
    });
  }
}
