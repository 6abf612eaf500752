import { z } from 'zod';
import { ALERT_KINDS, ALERT_LIMITS, OPTIONAL_ALERT_KINDS } from '@cgm/domain';
import { glucoseUnit } from './data';

// Follower alerts (issue 16): settings per follower and patient, the active alerts of the caller,
// acknowledgement and snooze, the alert history, and Web Push subscriptions. Glucose in mg/dL (the
// web app converts to and from the follower's unit); times epoch ms.

const minuteOfDay = z.number().int().min(0).max(1439);
const epochMsQuery = z.coerce.number().int().min(0).max(4_102_444_800_000);

export const alertSettingsBody = z.object({
  enabled: z.object(
    Object.fromEntries(OPTIONAL_ALERT_KINDS.map((k) => [k, z.boolean()])) as Record<
      (typeof OPTIONAL_ALERT_KINDS)[number],
      z.ZodBoolean
    >,
  ),
  lowMgdl: z.number().min(ALERT_LIMITS.lowMgdl.min).max(ALERT_LIMITS.lowMgdl.max),
  highMgdl: z.number().min(ALERT_LIMITS.highMgdl.min).max(ALERT_LIMITS.highMgdl.max),
  riseRate: z.number().min(ALERT_LIMITS.rate.min).max(ALERT_LIMITS.rate.max),
  fallRate: z.number().min(ALERT_LIMITS.rate.min).max(ALERT_LIMITS.rate.max),
  noDataMinutes: z.number().int().min(ALERT_LIMITS.noDataMinutes.min).max(ALERT_LIMITS.noDataMinutes.max),
  quietHours: z.object({ start: minuteOfDay, end: minuteOfDay }).nullable(),
  timeZone: z.string().min(1).max(64),
  unit: glucoseUnit,
});

export const alertSettingsResponse = z.object({
  error: z.literal(0),
  /** Whether the caller is alerted about this patient. */
  on: z.boolean(),
  /** The patient stopped the caller's alerts: they stay off until the patient allows them again. */
  stoppedByPatient: z.boolean(),
  settings: alertSettingsBody,
});
export const alertSettingsRequest = z.object({ on: z.boolean(), settings: alertSettingsBody });

export const alertKind = z.enum(ALERT_KINDS);

export const activeAlert = z.object({
  episodeId: z.string(),
  patient: z.object({ uid: z.string(), name: z.string() }),
  kind: alertKind,
  urgent: z.boolean(),
  value: z.number().nullable(),
  startedAt: z.number(),
  lastSentAt: z.number().nullable(),
  acknowledgedAt: z.number().nullable(),
  /** Who acknowledged it (shown to the other followers). */
  acknowledgedBy: z.string().nullable(),
});
export type ActiveAlert = z.infer<typeof activeAlert>;
export const activeAlertsResponse = z.object({ error: z.literal(0), alerts: z.array(activeAlert) });

export const alertActionRequest = z.object({ episodeId: z.string().min(1).max(64) });
export const alertSnoozeRequest = z.object({
  episodeId: z.string().min(1).max(64),
  minutes: z.number().int().min(ALERT_LIMITS.snoozeMinutes.min).max(ALERT_LIMITS.snoozeMinutes.max),
});

export const alertHistoryEntry = z.object({
  at: z.number(),
  kind: alertKind,
  episodeId: z.string(),
  action: z.enum(['raise', 'repeat', 'end', 'acknowledge', 'snooze', 'deliver']),
  follower: z.string().nullable(),
  channel: z.enum(['inApp', 'push', 'email']).nullable(),
  outcome: z.string().nullable(),
  value: z.number().nullable(),
});
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntry>;
/**
 * Query of the alert history: a range [from_ms, to_ms) of at most 92 days (the alerts report's
 * 90 local days, give or take the offset); both or neither (then the last 30 days).
 */
export const alertHistoryQuery = z
  .object({ from_ms: epochMsQuery.optional(), to_ms: epochMsQuery.optional() })
  .refine((q) => (q.from_ms === undefined) === (q.to_ms === undefined), {
    message: 'messages.endBeforeStart',
    path: ['to_ms'],
  })
  .refine((q) => q.from_ms === undefined || q.to_ms === undefined || q.from_ms < q.to_ms, {
    message: 'messages.endBeforeStart',
    path: ['to_ms'],
  })
  .refine((q) => q.from_ms === undefined || q.to_ms === undefined || q.to_ms - q.from_ms <= 92 * 86_400_000, {
    message: 'messages.moreThan90Days',
    path: ['from_ms'],
  });
export type AlertHistoryQuery = z.infer<typeof alertHistoryQuery>;
export const alertHistoryResponse = z.object({ error: z.literal(0), entries: z.array(alertHistoryEntry) });

export const alertFollowersResponse = z.object({
  error: z.literal(0),
  followers: z.array(
    z.object({ uid: z.string(), name: z.string(), on: z.boolean(), stoppedByPatient: z.boolean() }),
  ),
});
export const alertFollowerStopRequest = z.object({
  followerId: z.string().min(1).max(64),
  stopped: z.boolean(),
});

export const pushKeyResponse = z.object({ error: z.literal(0), publicKey: z.string() });
export const pushSubscriptionRequest = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushUnsubscribeRequest = z.object({ endpoint: z.string().url().max(2048) });
