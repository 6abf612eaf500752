import type { ConnectionItem, ConnectionRequest, MessageItem } from '@cgm/contract';
import {
  displayGlucose,
  glucoseDecimals,
  isStale,
  freshnessOf,
  pumpStateView,
  sgFlagLabelKey,
  shownTrend,
  type ConnectionStatus,
  type GlucoseUnit,
  type Trend,
} from '@cgm/domain';

// What the connections, messages and carer screens show, as pure functions (spec §3 "Message",
// "Connection item", "Connection request"; §4 staleness). Texts are i18n keys.

/** The i18n key of a status word of spec §3 "Connection request". */
export const STATUS_KEYS: Record<ConnectionStatus, string> = {
  invited: 'connections.status.invited',
  'request sent': 'connections.status.requestSent',
  requested: 'connections.status.requested',
  accepted: 'connections.status.accepted',
  rejected: 'connections.status.rejected',
  cancelled: 'connections.status.cancelled',
  removed: 'connections.status.removed',
};

/**
 * spec §3 "Message": PERMIT accepted, CANCEL removed, anything else a rejection; and ours, the
 * patient cancelled the follower's invitation.
 */
export type MessageOutcome = 'accepted' | 'removed' | 'invitationCancelled' | 'rejected';
export function messageOutcome(type: string): MessageOutcome {
  if (type === 'RELATION_AUTH_PERMIT') return 'accepted';
  if (type === 'RELATION_AUTH_CANCEL') return 'removed';
  if (type === 'RELATION_AUTH_INVITATION_CANCEL') return 'invitationCancelled';
  return 'rejected';
}

/** How a person is named on a card: alias when set, the real name, else the user name. */
export function displayName(p: {
  alias: string | null;
  realname?: string | null;
  real_name?: string | null;
  username: string | null;
}): string {
  const real = p.realname ?? p.real_name ?? '';
  return p.alias?.trim() || real.trim() || p.username || '';
}

/** A follower may withdraw only a pending request or invitation (spec §4). */
export const canWithdraw = (r: Pick<ConnectionRequest, 'status'>) =>
  r.status === 'request sent' || r.status === 'invited';

/** A follower may ask again after a rejection, a cancellation or a removal (spec §4). */
export const canAskAgain = (status: ConnectionStatus | null) =>
  status === null || status === 'rejected' || status === 'cancelled' || status === 'removed';

export const unreadCount = (messages: readonly Pick<MessageItem, 'read'>[]) =>
  messages.filter((m) => !m.read).length;

/** The latest glucose of a followed patient, as the carer's card shows it. */
export interface CardGlucose {
  /** none: no reading; stale: older than 3600 s ('--', spec §4). */
  kind: 'none' | 'stale' | 'value' | 'high' | 'low';
  /** The rounded, clamped number in the unit (kind 'value'); the screen formats it for the language. */
  value: number | null;
  decimals: number;
  unit: GlucoseUnit;
  trend: Trend | null;
  ageMs: number | null;
  /**
   * sgFlag.* note of a flagged reading, as the monitor shows it: C and CX are calibration states
   * shown at the bottom of the range, not a measured low (CLINICAL.md).
   */
  flagKey: string | null;
  /** Over 10 minutes old: greyed, without its arrow, as on the monitor (issue 16). */
  old: boolean;
}

/** `unit` is the patient's own (ConnectionItem.unit), the one their monitor shows them in. */
export function cardGlucose(
  sensor: ConnectionItem['sensor_status'],
  unit: GlucoseUnit,
  now: number,
): CardGlucose {
  const time = sensor ? (sensor.glucoseTime ?? sensor.updateTime) : null;
  const base = { unit, trend: null, value: null, decimals: glucoseDecimals(unit), flagKey: null, old: false };
  if (!sensor || time === null || sensor.glucose === null) {
    return { ...base, kind: 'none', ageMs: time === null ? null : Math.max(0, now - time) };
  }
  const ageMs = Math.max(0, now - time);
  if (isStale(time, now)) return { ...base, kind: 'stale', ageMs };
  const shown = displayGlucose(sensor.glucose, unit, sensor.quality);
  if (shown.kind === 'none') return { ...base, kind: 'none', ageMs };
  return {
    ...base,
    kind: shown.kind,
    value: shown.kind === 'value' ? shown.value : null,
    trend: shownTrend(sensor.glucoseRate, sensor.quality, time, now),
    ageMs,
    flagKey: sgFlagLabelKey(sensor.quality),
    old: freshnessOf(time, now) === 'old',
  };
}

/** The pump line of a card: its state label key, '--' (null) when stale or absent. */
export function cardPump(
  pump: ConnectionItem['pump_status'],
  now: number,
): { stateKey: string | null; autoMode: boolean } {
  if (!pump || isStale(pump.updateTime, now)) return { stateKey: null, autoMode: false };
  const state = pumpStateView(pump.state, pump.basalType, pump.AutoModeEnabledNew);
  return { stateKey: state.labelKey, autoMode: state.autoMode };
}

/** The live monitor of one followed patient (spec §2: /monitor with ?uid=). */
export const monitorLink = (uid: string) => `/monitor?uid=${encodeURIComponent(uid)}`;
