// When a follower is alerted about a condition that holds (issue 16): on or off, quiet hours,
// snooze, acknowledgement, and the 5-minute repeat of urgent alerts. Pure: the server keeps the
// state in the database and asks this function at every evaluation.

import {
  inQuietHours,
  URGENT_LOW_MAX_SILENCE_MS,
  URGENT_REPEAT_MS,
  type AlertSettings,
} from './alert-settings';
import type { AlertCondition } from './alert-rules';

/** What the database remembers of one episode for one follower (times in ms). */
export interface FollowerAlertState {
  /** When this follower was last alerted to the episode from the start (first send, or re-alert). */
  raisedAt: number | null;
  lastSentAt: number | null;
  /** The follower snoozed it until then. */
  snoozedUntil: number | null;
  /** When any follower (or the patient) acknowledged the episode; shared by all its followers. */
  acknowledgedAt: number | null;
}

export type AlertStep =
  | { send: false; reason: 'off' | 'quietHours' | 'snoozed' | 'acknowledged' | 'sent' }
  | { send: true; kind: 'raise' | 'repeat' };

/**
 * Whether to send now. `minuteOfDay` is the follower's local time (quiet hours). Urgent low is
 * always on and ignores quiet hours; it cannot stay silent more than 30 minutes after an
 * acknowledgement or a snooze (the server clamps snoozes, this clamps acknowledgements).
 */
export function alertStep(
  c: AlertCondition,
  state: FollowerAlertState | null,
  s: AlertSettings,
  now: number,
  minuteOfDay: number,
): AlertStep {
  if (c.kind !== 'urgentLow' && !s.enabled[c.kind]) return { send: false, reason: 'off' };
  if (c.kind !== 'urgentLow' && inQuietHours(s.quietHours, minuteOfDay))
    return { send: false, reason: 'quietHours' };
  const st = state ?? { raisedAt: null, lastSentAt: null, snoozedUntil: null, acknowledgedAt: null };
  if (st.snoozedUntil !== null && now < st.snoozedUntil) return { send: false, reason: 'snoozed' };
  if (st.raisedAt === null || st.lastSentAt === null) return { send: true, kind: 'raise' };
  // Back after a snooze while the condition still holds: alert again from the start.
  if (st.snoozedUntil !== null && st.lastSentAt < st.snoozedUntil) return { send: true, kind: 'raise' };
  const acknowledged = st.acknowledgedAt !== null && st.acknowledgedAt >= st.raisedAt;
  if (acknowledged) {
    const silencedUntil = st.acknowledgedAt! + URGENT_LOW_MAX_SILENCE_MS;
    if (c.kind === 'urgentLow' && now >= silencedUntil && st.lastSentAt < silencedUntil) {
      return { send: true, kind: 'raise' };
    }
    return { send: false, reason: 'acknowledged' };
  }
  if (c.urgent && now - st.lastSentAt >= URGENT_REPEAT_MS) return { send: true, kind: 'repeat' };
  return { send: false, reason: 'sent' };
}

/** The snooze a follower asked for, in ms, within the limits (urgent low at most 30 minutes). */
export function snoozeUntil(c: Pick<AlertCondition, 'kind'>, now: number, minutes: number): number {
  const ms = Math.max(0, minutes) * 60_000;
  return now + (c.kind === 'urgentLow' ? Math.min(ms, URGENT_LOW_MAX_SILENCE_MS) : ms);
}
