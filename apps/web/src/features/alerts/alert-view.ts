import type { ActiveAlert } from '@cgm/contract';
import { fromUnit, glucoseDecimals, toUnit, type GlucoseUnit } from '@cgm/domain';

// What the in-app banner shows and when it sounds (issue 16). Pure.

export interface BannerAlerts {
  /** Not acknowledged: shown loud, with acknowledge and snooze. Urgent first, oldest first. */
  loud: ActiveAlert[];
  /** Acknowledged by someone: shown quietly, so the other followers know. */
  acknowledged: ActiveAlert[];
}

export function bannerAlerts(alerts: readonly ActiveAlert[]): BannerAlerts {
  const isAcked = (a: ActiveAlert) => a.acknowledgedAt !== null && a.acknowledgedAt >= (a.lastSentAt ?? 0);
  const loud = alerts
    .filter((a) => !isAcked(a))
    .sort((a, b) => Number(b.urgent) - Number(a.urgent) || a.startedAt - b.startedAt);
  return { loud, acknowledged: alerts.filter(isAcked) };
}

/**
 * Whether to sound: an alert not heard yet, or sent again (an urgent repeat) since it was heard.
 * `heard` maps episode ids to the send time the banner last sounded for.
 */
export function shouldSound(
  loud: readonly ActiveAlert[],
  heard: ReadonlyMap<string, number | null>,
): boolean {
  return loud.some((a) => !heard.has(a.episodeId) || heard.get(a.episodeId) !== a.lastSentAt);
}

/** A threshold stored in mg/dL as the follower enters it (their unit, its decimals). */
export function thresholdInUnit(mgdl: number, unit: GlucoseUnit): number {
  const d = 10 ** glucoseDecimals(unit);
  return Math.round(toUnit(mgdl, unit) * d) / d;
}

/** A threshold the follower entered, back in mg/dL (whole mg/dL, as stored). */
export function thresholdToMgdl(value: number, unit: GlucoseUnit): number {
  return Math.round(fromUnit(value, unit));
}

/** "22:00" ↔ minutes after midnight. */
export const minutesToClock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
export function clockToMinutes(s: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}
