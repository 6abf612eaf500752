import { useQuery } from '@tanstack/react-query';
import { API, compareResponse, patternsResponse } from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { patientKeys } from '../../api/patient-settings';
import { isRefusal, type Range } from './reports-api';

// The calls of the compare and patterns reports (issue 18 items 3 and 4; docs/REPORTS-API.md).
// Keys sit under the patient like every report's, so new data refreshes them.

const retry = (count: number, error: unknown) => !isRefusal(error) && count < 1;
const STALE = 60_000;

/** Two periods side by side: `later` is the report's range, `earlier` the one it is compared with. */
export function useCompareReport(uid: string, later: Range | null, earlier: Range | null) {
  return useQuery({
    queryKey: [
      ...patientKeys.all(uid),
      'reports',
      'compare',
      later?.from,
      later?.to,
      earlier?.from,
      earlier?.to,
    ],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.reportCompare(uid), compareResponse, {
          signal,
          query: { from: later!.from, to: later!.to, base_from: earlier!.from, base_to: earlier!.to },
        }),
      ),
    enabled: later !== null && earlier !== null,
    staleTime: STALE,
    retry,
  });
}

export function usePatternsReport(uid: string, range: Range | null) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'reports', 'patterns', range?.from, range?.to],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.reportPatterns(uid), patternsResponse, { signal, query: { ...range! } })),
    enabled: range !== null,
    staleTime: STALE,
    retry,
  });
}
