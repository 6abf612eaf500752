import { useQuery } from '@tanstack/react-query';
import { API, alertHistoryResponse, type AlertHistoryQuery } from '@cgm/contract';
import { api, unwrap } from './api';

// A patient's follower-alert history (issue 16): every alert, acknowledgement, snooze and delivery
// attempt. Shared: the alerts screen shows the last 30 days, the alerts report those of its range
// beside the device alarms. Its key starts with ['alerts', uid, 'history'], which the alerts
// screen refreshes after a change.

export const alertHistoryKey = (uid: string, range: AlertHistoryQuery = {}) =>
  ['alerts', uid, 'history', range.from_ms ?? null, range.to_ms ?? null] as const;

export function useAlertHistory(uid: string, range: AlertHistoryQuery = {}, enabled = true) {
  return useQuery({
    queryKey: alertHistoryKey(uid, range),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.alertHistory(uid), alertHistoryResponse, {
          signal,
          ...(range.from_ms !== undefined ? { query: { ...range } } : {}),
        }),
      ).entries,
    enabled,
  });
}
