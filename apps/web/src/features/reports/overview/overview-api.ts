import { useQuery } from '@tanstack/react-query';
import { API, monitorStatusResponse } from '@cgm/contract';
import { api, unwrap } from '../../../api/api';
import { patientKeys } from '../../../api/patient-settings';
import { isRefusal } from '../reports-api';

/**
 * The patient's newest sensor reading with the server's clock (monitor status of the last hour,
 * spec §7 v2.1 monitor/{id}/status): the reading's own time, so its age is the reading's age.
 */
export function useLatestStatus(uid: string) {
  return useQuery({
    queryKey: [...patientKeys.all(uid), 'overview', 'status'],
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.monitorStatus(uid), monitorStatusResponse, { signal, query: { hours: 1 } }))
        .status,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: (count, error) => !isRefusal(error) && count < 1,
  });
}
