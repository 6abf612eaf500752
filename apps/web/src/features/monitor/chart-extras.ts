import type { ChartData } from '@cgm/contract';
import { basalSeriesOf, roundInsulin, SENSOR_STATES, SENSOR_STATES_SHOWING_GLUCOSE } from '@cgm/domain';

// The monitor chart's series beyond glucose, basal steps and boluses (spec §3 "Monitor status:
// chart" and "Chart series"): the sleeping times behind the plot, the transmitter's states as a
// strip along the top, the alarms to display (with how long each lasted), and the auto-mode parts
// of each basal row — its micro-deliveries split into basal, correction and meal.

export interface Window {
  from: number;
  to: number;
}

export interface Span {
  from: number;
  to: number;
}

/** A stretch of one transmitter state; `warning` when the sensor's glucose is not current in it. */
export interface TransmitterSpan extends Span {
  state: string;
  /** device.sensorState.* key, or null for a state the table does not know (shown as sent). */
  stateKey: string | null;
  warning: boolean;
}

export interface AlarmMark {
  time: number;
  code: string;
  source: 'sensor' | 'pump';
  /** When the alarm was cleared, or null while it stands (or when not known). */
  clearedAt: number | null;
}

/** An auto-mode basal row's micro-deliveries (U), from its JSON (spec §3 basal row). */
export interface AutoParts {
  /** The basal row's id string ("serial:seq"). */
  id: string;
  time: number;
  end: number;
  basal: number;
  correction: number;
  meal: number;
}

const clip = (s: Span, w: Window): Span | null => {
  const from = Math.max(s.from, w.from);
  const to = Math.min(s.to, w.to);
  return to > from ? { from, to } : null;
};

/** The sleeping times (spec §3 chart `sleeptime`) inside the window. */
export function sleepSpans(chart: ChartData, w: Window): Span[] {
  return chart.sleeptime.flatMap(([from, to]) => clip({ from, to }, w) ?? []);
}

/**
 * Each reported transmitter state (spec §3 chart `transmtr`) lasts until the next one; the last
 * until the end of the window. A state reported before the window counts from the window's start.
 */
export function transmitterSpans(chart: ChartData, w: Window): TransmitterSpan[] {
  const rows = [...chart.transmtr].sort((a, b) => a[0] - b[0]);
  const out: TransmitterSpan[] = [];
  rows.forEach(([time, state], i) => {
    const span = clip({ from: time, to: rows[i + 1]?.[0] ?? w.to }, w);
    if (!span) return;
    const known = (SENSOR_STATES as readonly string[]).includes(state);
    out.push({
      ...span,
      state,
      stateKey: known ? `device.sensorState.${state}` : null,
      warning: !(SENSOR_STATES_SHOWING_GLUCOSE as readonly string[]).includes(state),
    });
  });
  return out;
}

/**
 * The alarms to draw: the chart's `alarm_display` (both devices, with the time each was cleared);
 * an answer without it falls back to the sensor and pump alarm lists.
 */
export function alarmMarks(chart: ChartData, w: Window): AlarmMark[] {
  const all: AlarmMark[] =
    chart.alarm_display.length > 0
      ? chart.alarm_display.map(([time, source, code, clearedAt]) => ({ time, source, code, clearedAt }))
      : [
          ...chart.sensor_alarm.map(([time, code]) => ({
            time,
            code,
            source: 'sensor' as const,
            clearedAt: null,
          })),
          ...chart.pump_alarm.map(([time, code]) => ({
            time,
            code,
            source: 'pump' as const,
            clearedAt: null,
          })),
        ];
  return all.filter((a) => a.time >= w.from && a.time <= w.to).sort((a, b) => a.time - b.time);
}

/** The auto-mode parts of the basal rows in the window that carry them. */
export function autoModeParts(chart: ChartData, w: Window): AutoParts[] {
  const out: AutoParts[] = [];
  for (const [time, code, minutes, , , , id, auto] of chart.basal) {
    if (!auto || basalSeriesOf(code) !== 'autoModeBasal') continue;
    const end = time + minutes * 60_000;
    if (end <= w.from || time > w.to) continue;
    out.push({
      id,
      time,
      end,
      basal: roundInsulin(auto.auto_basal_delivery),
      correction: roundInsulin(auto.auto_corr_delivery),
      meal: roundInsulin(auto.auto_food_delivery),
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** The parts of the auto-mode row running at `time`, or null. */
export function autoPartsAt(parts: readonly AutoParts[], time: number): AutoParts | null {
  return parts.find((p) => time >= p.time && time < p.end) ?? null;
}

/** The transmitter state at `time`, or null. */
export function transmitterAt(spans: readonly TransmitterSpan[], time: number): TransmitterSpan | null {
  return spans.find((s) => time >= s.from && time < s.to) ?? null;
}
