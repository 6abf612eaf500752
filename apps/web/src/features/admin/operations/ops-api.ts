import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  accountSummaryResponse,
  clinicPatientsResponse,
  clinicResponse,
  clinicsResponse,
  devDebugResponse,
  firmwareHistoryResponse,
  firmwareListResponse,
  firmwareResponse,
  hclResponse,
  ok,
  patchResultsResponse,
  usageResponse,
  type ClinicCreateRequest,
  type ClinicEditRequest,
  type ClinicHcpRequest,
  type FirmwareCreateRequest,
  type FirmwareEditRequest,
} from '@cgm/contract';
import { api, unwrap } from '../../../api/api';

// The operations tools' calls (docs/ADMIN-SCREENS.md, part B). Keys sit under 'ops' so a change
// refreshes the lists that show it.

type Query = Record<string, string | number | undefined>;

export const opsKeys = {
  all: ['ops'] as const,
  clinics: (q: string) => ['ops', 'clinics', q] as const,
  clinicPatients: (id: string) => ['ops', 'clinicPatients', id] as const,
  firmware: ['ops', 'firmware'] as const,
  firmwareHistory: (releaseId: string, page: number) =>
    ['ops', 'firmware', 'history', releaseId, page] as const,
  usage: (q: Query) => ['ops', 'usage', q] as const,
  accounts: (q: Query) => ['ops', 'accounts', q] as const,
  patchResults: (q: Query) => ['ops', 'patchResults', q] as const,
  hcl: (who: string, from: string, to: string) => ['ops', 'hcl', who, from, to] as const,
  debug: ['ops', 'debug'] as const,
};

export function useClinics(q: string) {
  return useQuery({
    queryKey: opsKeys.clinics(q),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.opsClinics, clinicsResponse, { signal, query: { q: q || undefined } }))
        .clinics,
    placeholderData: keepPreviousData,
  });
}

export const createClinic = (body: ClinicCreateRequest) => api.post(API.opsClinics, body, clinicResponse);
export const editClinic = (id: string, body: ClinicEditRequest) =>
  api.post(API.opsClinic(id), body, clinicResponse);
export const assignHcp = (body: ClinicHcpRequest) => api.post(API.opsClinicHcp, body, ok);

/** One clinic's patients, only when asked for (they are people's names). */
export function useClinicPatients(id: string | null) {
  return useQuery({
    queryKey: opsKeys.clinicPatients(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.opsClinicPatients(id!), clinicPatientsResponse, { signal })),
  });
}

export function useFirmware() {
  return useQuery({
    queryKey: opsKeys.firmware,
    queryFn: async ({ signal }) => unwrap(await api.get(API.opsFirmware, firmwareListResponse, { signal })),
  });
}

export const createRelease = (body: FirmwareCreateRequest) =>
  api.post(API.opsFirmware, body, firmwareResponse);
export const editRelease = (id: string, body: FirmwareEditRequest) =>
  api.post(API.opsFirmwareRelease(id), body, firmwareResponse);
/** `confirmed`: the admin answered the question that completing or withdrawing asks. */
export const moveRelease = (id: string, state: string, confirmed: boolean) =>
  api.post(API.opsFirmwareState(id), { state, ...(confirmed ? { confirm: true } : {}) }, firmwareResponse);

export const HISTORY_PAGE_SIZE = 20;
export function useFirmwareHistory(releaseId: string, page: number) {
  return useQuery({
    queryKey: opsKeys.firmwareHistory(releaseId, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.opsFirmwareHistory, firmwareHistoryResponse, {
          signal,
          query: { release_id: releaseId || undefined, page, size: HISTORY_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUsage(q: { from: string; to: string; country?: string }) {
  return useQuery({
    queryKey: opsKeys.usage(q),
    queryFn: async ({ signal }) => unwrap(await api.get(API.opsUsage, usageResponse, { signal, query: q })),
    placeholderData: keepPreviousData,
  });
}

export function useAccountSummary(q: { months: number; country?: string }) {
  return useQuery({
    queryKey: opsKeys.accounts(q),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.opsAccountSummary, accountSummaryResponse, { signal, query: q })),
    placeholderData: keepPreviousData,
  });
}

export const PATCH_PAGE_SIZE = 25;
export function usePatchResults(q: Query) {
  return useQuery({
    queryKey: opsKeys.patchResults(q),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.opsPatchResults, patchResultsResponse, { signal, query: q })),
    placeholderData: keepPreviousData,
  });
}

/** Only when a patient and a range were asked for (the read is written to the admin history). */
export function useHclReport(who: string, from: string, to: string) {
  return useQuery({
    queryKey: opsKeys.hcl(who, from, to),
    enabled: who !== '' && from !== '' && to !== '',
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.opsHcl(who), hclResponse, { signal, query: { from, to } })).report,
    retry: false,
    staleTime: Infinity,
  });
}

export function useDevDebug() {
  return useQuery({
    queryKey: opsKeys.debug,
    queryFn: async ({ signal }) => unwrap(await api.get(API.opsDebug, devDebugResponse, { signal })),
    refetchInterval: 10_000,
  });
}
