import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, configResponse } from '@cgm/contract';
import { api, unwrap } from './api';

/** Public configuration: site, regional sites, current privacy policy and terms versions. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async ({ signal }) =>
    unwrap(await api.get(API.config, configResponse, { signal, authRedirect: false })),
  staleTime: 10 * 60_000,
});

export function useConfig() {
  return useQuery(configQuery);
}
