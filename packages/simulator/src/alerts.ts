// Glucose alerts of the sensor app (PDM settings "glucose limits", "predictive and rate alerts"):
// low and urgent low (below the spec's hypo threshold of 56 mg/dL, §9), high, predicted low and
// high, rapid fall and rise. An alert repeats while its condition lasts, after its snooze time.

import type { PdmSettings } from '@cgm/contract';
import { HYPO_MGDL, MS_PER_MINUTE } from '@cgm/domain';
import type { SensorAlarm } from './codes';
import type { Reading } from './sensor';

const REPEAT_MIN: Partial<Record<SensorAlarm, number>> = {
  low: 30,
  urgentLow: 15,
  high: 120,
  predictedLow: 60,
  predictedHigh: 120,
  rapidFall: 60,
  rapidRise: 60,
};

/** Trend-based alerts need their condition on two readings in a row (noise alone rarely does it). */
const SUSTAINED: ReadonlySet<SensorAlarm> = new Set([
  'predictedLow',
  'predictedHigh',
  'rapidFall',
  'rapidRise',
]);

export class GlucoseAlerts {
  private readonly last = new Map<SensorAlarm, number>();
  private previous = new Set<SensorAlarm>();

  constructor(private readonly settings: PdmSettings) {}

  /** The alerts a reading raises (each at most once per its repeat time). */
  check(r: Reading): SensorAlarm[] {
    const s = this.settings;
    const v = r.value;
    const want: SensorAlarm[] = [];
    if (v < HYPO_MGDL) want.push('urgentLow');
    else if (s.glucose_limits.low.enabled && v <= s.glucose_limits.low.mgdl) want.push('low');
    else if (s.glucose_limits.high.enabled && v >= s.glucose_limits.high.mgdl) want.push('high');
    if (r.slope !== null) {
      const ahead = v + r.slope * s.predictive_alerts.minutes;
      const low = s.glucose_limits.low.mgdl;
      if (s.predictive_alerts.low && v > low && v <= low + 30 && ahead <= low) {
        want.push('predictedLow');
      }
      const high = s.glucose_limits.high.mgdl;
      if (s.predictive_alerts.high && v < high && v >= high - 40 && ahead >= high) want.push('predictedHigh');
      if (s.rate_alerts.fall.enabled && r.slope <= -s.rate_alerts.fall.mgdl_per_min) want.push('rapidFall');
      if (s.rate_alerts.rise.enabled && r.slope >= s.rate_alerts.rise.mgdl_per_min) want.push('rapidRise');
    }
    const now = new Set(want);
    const before = this.previous;
    this.previous = now;
    return want.filter((code) => {
      if (SUSTAINED.has(code) && !before.has(code)) return false;
      const last = this.last.get(code);
      if (last !== undefined && r.time - last < (REPEAT_MIN[code] ?? 60) * MS_PER_MINUTE) return false;
      this.last.set(code, r.time);
      return true;
    });
  }

  /** Forget repeats (a new sensor starts fresh). */
  reset(): void {
    this.last.clear();
    this.previous.clear();
  }
}
