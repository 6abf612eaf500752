import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  API,
  alertsReportResponse,
  dataReportResponse,
  datamapResponse,
  ddResponse,
  deviceSettingsReportResponse,
  dsResponse,
  eventsReportResponse,
  lgbResponse,
  monitorProfileResponse,
  olResponse,
  recordsResponse,
  taResponse,
  type DataReportKind,
  type DdResponse,
  type DsResponse,
  type LgbResponse,
  type OlResponse,
  type TaResponse,
} from '@cgm/contract';
import type { z } from 'zod';
import { api, unwrap } from '../../api/api';
import { ApiFailureError } from '../../api/errors';
import { patientKeys } from '../../api/patient-settings';
import { chartParams, reportQuery, type ReportParams } from './report-params';

// The reports' calls (docs/REPORTS-API.md). Keys sit under the patient, so a change of the patient's
// data elsewhere refreshes them. A refusal (403) is not retried: it is the answer.

export const isRefusal = (e: unknown): boolean => e instanceof ApiFailureError && e.failure.status === 403;
const retry = (count: number, error: unknown) => !isRefusal(error) && count < 1;
const STALE = 60_000;

export interface Range {
  from: string;
  to: string;
}

const rangeKey = (r: Range, p: ReportParams) => [r.from, r.to, p.validOnly, JSON.stringify(p.thresholds)];

/** The watched patient's name and monitor settings (unit, target range). */
export function usePatientHead(uid: string) {
  return useQuery({
    queryKey: patientKeys.monitorProfile(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.monitorProfile(uid), monitorProfileResponse, { signal })).profile,
    staleTime: STALE,
    retry,
  });
}

export function useDatamap(uid: string) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'datamap'],
    queryFn: async ({ signal }) => unwrap(await api.get(API.chartDatamap(uid), datamapResponse, { signal })),
    staleTime: STALE,
    retry,
  });
}

const CHART_SCHEMAS = { ds: dsResponse, dd: ddResponse, ol: olResponse, ta: taResponse, lgb: lgbResponse };
type ChartKind = keyof typeof CHART_SCHEMAS;
interface ChartAnswers {
  ds: DsResponse;
  dd: DdResponse;
  ol: OlResponse;
  ta: TaResponse;
  lgb: LgbResponse;
}

/**
 * One chart-data call. `onArrive` runs when the parsed answer is in hand (the trend analysis
 * measures its drawing time from there).
 */
export function useChartData<K extends ChartKind>(
  kind: K,
  uid: string,
  range: Range | null,
  p: ReportParams,
  onArrive?: () => void,
): UseQueryResult<ChartAnswers[K], unknown> {
  const used = chartParams(kind, p);
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', kind, ...(range ? rangeKey(range, used) : [])],
    queryFn: async ({ signal }) => {
      const schema = CHART_SCHEMAS[kind] as unknown as z.ZodType<ChartAnswers[K]>;
      const data = unwrap(
        await api.get(API.chartData(uid, kind), schema, { signal, query: reportQuery(range!, used) }),
      );
      onArrive?.();
      return data;
    },
    enabled: range !== null,
    staleTime: STALE,
    retry,
  });
}

/** POST data/{id}: the dashboard and/or the segment view. */
export function useDataReport(uid: string, reports: DataReportKind[], range: Range | null, p: ReportParams) {
  return useQuery({
    queryKey: [
      ...patientKeys.all(uid),
      'reports',
      'data',
      reports.join(','),
      ...(range ? rangeKey(range, p) : []),
    ],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.post(
          API.dataReport(uid),
          { reports, from: range!.from, to: range!.to, valid_days_only: p.validOnly, ...p.thresholds },
          dataReportResponse,
          { signal },
        ),
      ),
    enabled: range !== null,
    staleTime: STALE,
    retry,
  });
}

export function useDeviceSettings(uid: string) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'deviceSettings'],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.reportDeviceSettings(uid), deviceSettingsReportResponse, { signal })),
    staleTime: STALE,
    retry,
  });
}

export function useEventsReport(uid: string, range: Range | null) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'events', range?.from, range?.to],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.reportEvents(uid), eventsReportResponse, { signal, query: { ...range! } })),
    enabled: range !== null,
    staleTime: STALE,
    retry,
  });
}

export function useAlertsReport(uid: string, range: Range | null) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'alerts', range?.from, range?.to],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.reportAlerts(uid), alertsReportResponse, { signal, query: { ...range! } })),
    enabled: range !== null,
    staleTime: STALE,
    retry,
  });
}

export function useRecordsReport(uid: string) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'records'],
    queryFn: async ({ signal }) => unwrap(await api.get(API.records(uid), recordsResponse, { signal })),
    staleTime: STALE,
    retry,
  });
}
