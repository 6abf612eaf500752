import { useQuery } from '@tanstack/react-query';
import {
  API,
  activeAlertsResponse,
  alertFollowersResponse,
  alertSettingsResponse,
  ok,
  pushKeyResponse,
  type alertSettingsBody,
} from '@cgm/contract';
import type { z } from 'zod';
import { api, unwrap } from '../../api/api';

export { useAlertHistory } from '../../api/alert-history';

// The calls of the follower alerts (issue 16).

export type AlertSettingsBody = z.infer<typeof alertSettingsBody>;

export const alertKeys = {
  active: ['alerts', 'active'] as const,
  settings: (uid: string) => ['alerts', uid, 'settings'] as const,
  followers: (uid: string) => ['alerts', uid, 'followers'] as const,
  history: (uid: string) => ['alerts', uid, 'history'] as const,
};

/** The banner asks this often on every open page (the push message reaches a closed one). */
export const ACTIVE_ALERTS_INTERVAL_MS = 15_000;

export function useActiveAlerts(enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.active,
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.alertsActive, activeAlertsResponse, { signal })).alerts,
    enabled,
    refetchInterval: ACTIVE_ALERTS_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
}

export function useAlertSettings(uid: string) {
  return useQuery({
    queryKey: alertKeys.settings(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.alertSettings(uid), alertSettingsResponse, { signal })),
  });
}

export function useAlertFollowers(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: alertKeys.followers(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.alertFollowers(uid), alertFollowersResponse, { signal })).followers,
    enabled,
  });
}

export const saveAlertSettings = (uid: string, on: boolean, settings: AlertSettingsBody) =>
  api.post(API.alertSettings(uid), { on, settings }, ok);

export const stopFollowerAlerts = (uid: string, followerId: string, stopped: boolean) =>
  api.post(API.alertFollowers(uid), { followerId, stopped }, ok);

export const acknowledgeAlert = (uid: string, episodeId: string) =>
  api.post(API.alertAcknowledge(uid), { episodeId }, ok);

export const snoozeAlert = (uid: string, episodeId: string, minutes: number) =>
  api.post(API.alertSnooze(uid), { episodeId, minutes }, ok);

export const getPushKey = () => api.get(API.pushKey, pushKeyResponse);

export const savePushSubscription = (endpoint: string, p256dh: string, auth: string) =>
  api.post(API.pushSubscriptions, { endpoint, keys: { p256dh, auth } }, ok);
