// The trend of the last readings: a least-squares slope over the last 10 minutes (at least three
// readings), and the monitor's glucoseRate 0–8 in the Nightscout numbering of the domain's TRENDS
// (4 flat; 8 not computable). Thresholds are Nightscout's/Dexcom's: flat within ±1 mg/dL/min,
// 45° to 2, single arrow to 3, double arrow beyond.

const WINDOW_MS = 10 * 60_000;

export class TrendWindow {
  private readonly times: number[] = [];
  private readonly values: number[] = [];

  add(time: number, value: number): void {
    this.times.push(time);
    this.values.push(value);
    while (this.times.length > 0 && time - this.times[0]! > WINDOW_MS) {
      this.times.shift();
      this.values.shift();
    }
  }

  clear(): void {
    this.times.length = 0;
    this.values.length = 0;
  }

  /** mg/dL per minute, or null with fewer than three readings in the window. */
  slope(): number | null {
    const n = this.times.length;
    if (n < 3) return null;
    const t0 = this.times[0]!;
    let st = 0;
    let sv = 0;
    for (let i = 0; i < n; i++) {
      st += (this.times[i]! - t0) / 60_000;
      sv += this.values[i]!;
    }
    const mt = st / n;
    const mv = sv / n;
    let num = 0;
    let den = 0;
    for (let i = 0; i < n; i++) {
      const dt = (this.times[i]! - t0) / 60_000 - mt;
      num += dt * (this.values[i]! - mv);
      den += dt * dt;
    }
    return den === 0 ? null : num / den;
  }
}

export function rateOfSlope(slope: number | null): number {
  if (slope === null) return 8;
  if (slope > 3) return 1;
  if (slope > 2) return 2;
  if (slope > 1) return 3;
  if (slope >= -1) return 4;
  if (slope >= -2) return 5;
  if (slope >= -3) return 6;
  return 7;
}
