import type { AlarmItem, ReportEvent, SensorStatus } from '@cgm/contract';
import {
  addDays,
  displayGlucose,
  freshnessOf,
  isStale,
  shownTrend,
  type GlucoseUnit,
  type Trend,
  sgFlagLabelKey,
} from '@cgm/domain';

// What the patient overview shows, as pure functions (issue 18 item 1): the last reading and its
// age (the reading's own time, never the upload's), the 14 days ending on the patient's today, and
// the newest events and alerts of those days in one list.

/** The overview's period: 14 days, as the AGP and the consensus report (CLINICAL.md). */
export const OVERVIEW_DAYS = 14;
/** How many of the newest events and alerts the overview lists. */
export const RECENT_LIMIT = 6;

export function overviewRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(OVERVIEW_DAYS - 1)), to: today };
}

export interface LastReading {
  /** none: no reading; stale: older than 3600 s ('--', spec §4); hidden: the patient hides values. */
  kind: 'none' | 'stale' | 'hidden' | 'value' | 'high' | 'low';
  /** The value in the unit, rounded (kind 'value'). */
  value: number | null;
  /** The reading's time (epoch ms), null without one. */
  time: number | null;
  ageMs: number | null;
  trend: Trend | null;
  /** sgFlag.* note of a flagged reading (C, CX: a calibration state shown at the floor, not a low). */
  flagKey: string | null;
  /** Older than 10 minutes: no longer current, so shown greyed and without a trend (as the monitor). */
  old: boolean;
}

/** The sensor's latest reading as the overview shows it, at the server's `now`. */
export function lastReading(sensor: SensorStatus | null, unit: GlucoseUnit, now: number): LastReading {
  const time = sensor?.glucoseTime ?? null;
  const none: LastReading = {
    kind: 'none',
    value: null,
    time,
    ageMs: null,
    trend: null,
    flagKey: null,
    old: false,
  };
  if (!sensor || time === null) return none;
  const ageMs = Math.max(0, now - time);
  if (sensor.glucoseHidden) return { ...none, kind: 'hidden', ageMs };
  if (sensor.glucose === null) return { ...none, ageMs };
  if (isStale(time, now)) return { ...none, kind: 'stale', ageMs };
  const shown = displayGlucose(sensor.glucose, unit, sensor.quality);
  if (shown.kind === 'none') return { ...none, ageMs };
  const old = freshnessOf(time, now) === 'old';
  return {
    kind: shown.kind,
    value: shown.kind === 'value' ? shown.value : null,
    time,
    ageMs,
    trend: shownTrend(sensor.glucoseRate, sensor.quality, time, now),
    flagKey: sgFlagLabelKey(sensor.quality),
    old,
  };
}

export type RecentItem =
  | { kind: 'event'; time: number; offset: number; event: ReportEvent }
  | { kind: 'alert'; time: number; offset: number; alarm: AlarmItem };

/** The newest events and alerts together, newest first, at most `limit`. */
export function recentItems(
  events: readonly ReportEvent[],
  alarms: readonly AlarmItem[],
  limit = RECENT_LIMIT,
): RecentItem[] {
  const items: RecentItem[] = [
    ...events.map((event): RecentItem => ({
      kind: 'event',
      time: event.time,
      offset: event.utc_offset_min,
      event,
    })),
    ...alarms.map((alarm): RecentItem => ({
      kind: 'alert',
      time: alarm.time,
      offset: alarm.utc_offset_min,
      alarm,
    })),
  ];
  return items.sort((a, b) => b.time - a.time).slice(0, limit);
}
