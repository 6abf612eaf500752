import { API, monitorPollResponse, monitorStatusResponse, type MonitorGlucoseChange } from '@cgm/contract';
import { ErrorCode, MONITOR_POLL_TIMEOUT_MS } from '@cgm/domain';
import { api } from '../../api/api';
import { CLIENT_CODES, type ApiResult } from '../../api/client';
import type { PollAnswer } from './poll-loop';

/** Chart lengths the monitor offers, hours before now (the status call takes 1–24, spec §7). */
export const CHART_HOURS = [3, 6, 12, 24] as const;
export type ChartHours = (typeof CHART_HOURS)[number];

export const monitorKeys = {
  patient: (uid: string) => ['monitor', uid] as const,
  statuses: (uid: string) => ['monitor', uid, 'status'] as const,
  status: (uid: string, hours: number) => ['monitor', uid, 'status', hours] as const,
};

export function getMonitorStatus(uid: string, hours: number, signal?: AbortSignal) {
  return api.get(API.monitorStatus(uid), monitorStatusResponse, {
    query: { hours },
    ...(signal ? { signal } : {}),
  });
}

/** One long poll (spec §4, §7): the server answers when a watched patient has newer data. */
export async function pollMonitor(uids: string[], eventNo: number, signal: AbortSignal): Promise<PollAnswer> {
  const result = await api.post(API.monitorData, { uids, eventNo }, monitorPollResponse, {
    signal,
    timeoutMs: MONITOR_POLL_TIMEOUT_MS,
  });
  return toPollAnswer(result);
}

/** What the loop does with a poll's result: go on, wait and retry, or stop. */
export function toPollAnswer(
  result: ApiResult<{
    eventNo: number;
    data: Array<{ uid: string; eventNo: number; glucose?: MonitorGlucoseChange }>;
  }>,
): PollAnswer {
  if (result.ok) {
    const glucose: Record<string, MonitorGlucoseChange> = {};
    for (const d of result.data.data) if (d.glucose) glucose[d.uid] = d.glucose;
    return {
      kind: 'answer',
      eventNo: result.data.eventNo,
      uids: result.data.data.map((d) => d.uid),
      glucose,
    };
  }
  if (result.status === 403 || result.code === ErrorCode.FORBIDDEN) return { kind: 'forbidden' };
  if (
    result.status === 401 ||
    result.code === ErrorCode.UNAUTHORIZED ||
    result.code === ErrorCode.TOKEN_INVALID ||
    result.code === ErrorCode.TOKEN_INVALID_HCP
  ) {
    return { kind: 'unauthorized' };
  }
  if (result.code === CLIENT_CODES.aborted) return { kind: 'aborted' };
  return { kind: 'failed' };
}
