// A follower's alert settings for one patient (issue 16): which alerts, thresholds (stored in mg/dL,
// shown and entered in the follower's unit), the no-data delay, quiet hours. Defaults and limits
// live here only; the contract's schema and the settings screen read them.

export const ALERT_KINDS = [
  'urgentLow',
  'low',
  'high',
  'risingFast',
  'fallingFast',
  'predictedUrgentLow',
  'noData',
  'sensorExpiry',
  'patchExpiry',
  'pumpOcclusion',
  'pumpEmptyReservoir',
  'pumpSuspend',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Every kind a follower may switch off: urgent low is always on. */
export type OptionalAlertKind = Exclude<AlertKind, 'urgentLow'>;
export const OPTIONAL_ALERT_KINDS = ALERT_KINDS.filter((k): k is OptionalAlertKind => k !== 'urgentLow');

export function isAlertKind(v: unknown): v is AlertKind {
  return typeof v === 'string' && (ALERT_KINDS as readonly string[]).includes(v);
}

/** Urgent low: below 55 mg/dL (International Consensus level 2 is < 54; the alert fires below 55). */
export const URGENT_LOW_MGDL = 55;
/** Predicted urgent low: the current rate would cross 55 mg/dL within 20 minutes. */
export const PREDICTION_MINUTES = 20;

/** Alerts that repeat every 5 minutes until a follower acknowledges them. */
export const URGENT_ALERT_KINDS: ReadonlySet<AlertKind> = new Set<AlertKind>([
  'urgentLow',
  'predictedUrgentLow',
  'pumpOcclusion',
  'pumpEmptyReservoir',
]);
export const URGENT_REPEAT_MS = 5 * 60_000;
/** Urgent low cannot be silenced (acknowledged or snoozed) for longer than 30 minutes. */
export const URGENT_LOW_MAX_SILENCE_MS = 30 * 60_000;

export interface QuietHours {
  /** Minutes after local midnight in the follower's time zone; `end` may be before `start` (overnight). */
  start: number;
  end: number;
}

export interface AlertSettings {
  /** Alerts on or off (urgent low is always on and has no entry). */
  enabled: Record<OptionalAlertKind, boolean>;
  lowMgdl: number;
  highMgdl: number;
  /** mg/dL per minute for rising fast and falling fast. */
  riseRate: number;
  fallRate: number;
  noDataMinutes: number;
  quietHours: QuietHours | null;
  /** IANA time zone of the follower's quiet hours. */
  timeZone: string;
  /** The unit the follower sees and enters thresholds in. */
  unit: 'mg/dL' | 'mmol/L';
}

export const ALERT_LIMITS = {
  lowMgdl: { min: 60, max: 100 },
  highMgdl: { min: 120, max: 400 },
  rate: { min: 1, max: 5 },
  noDataMinutes: { min: 10, max: 240 },
  /** Snooze of one alert for one follower, minutes. */
  snoozeMinutes: { min: 5, max: 240 },
} as const;

export function defaultAlertSettings(unit: 'mg/dL' | 'mmol/L', timeZone = 'UTC'): AlertSettings {
  return {
    enabled: {
      low: true,
      high: true,
      risingFast: false,
      fallingFast: false,
      predictedUrgentLow: true,
      noData: true,
      sensorExpiry: true,
      patchExpiry: true,
      pumpOcclusion: true,
      pumpEmptyReservoir: true,
      pumpSuspend: true,
    },
    lowMgdl: 70,
    highMgdl: 250,
    riseRate: 2,
    fallRate: 2,
    noDataMinutes: 20,
    quietHours: null,
    timeZone,
    unit,
  };
}

/** Problems of a settings object (message keys), empty when it may be stored. */
export function alertSettingsProblems(s: AlertSettings): string[] {
  const out: string[] = [];
  const within = (v: number, r: { min: number; max: number }) =>
    Number.isFinite(v) && v >= r.min && v <= r.max;
  if (!within(s.lowMgdl, ALERT_LIMITS.lowMgdl)) out.push('alerts.problem.low');
  if (!within(s.highMgdl, ALERT_LIMITS.highMgdl)) out.push('alerts.problem.high');
  if (s.highMgdl <= s.lowMgdl) out.push('alerts.problem.order');
  if (!within(s.riseRate, ALERT_LIMITS.rate) || !within(s.fallRate, ALERT_LIMITS.rate))
    out.push('alerts.problem.rate');
  if (!Number.isInteger(s.noDataMinutes) || !within(s.noDataMinutes, ALERT_LIMITS.noDataMinutes))
    out.push('alerts.problem.noData');
  const minute = (m: number) => Number.isInteger(m) && m >= 0 && m < 1440;
  if (
    s.quietHours &&
    (!minute(s.quietHours.start) || !minute(s.quietHours.end) || s.quietHours.start === s.quietHours.end)
  )
    out.push('alerts.problem.quietHours');
  return out;
}

/** True when `minuteOfDay` lies in the quiet hours (start inclusive, end exclusive, across midnight too). */
export function inQuietHours(q: QuietHours | null, minuteOfDay: number): boolean {
  if (!q) return false;
  return q.start < q.end
    ? minuteOfDay >= q.start && minuteOfDay < q.end
    : minuteOfDay >= q.start || minuteOfDay < q.end;
}
