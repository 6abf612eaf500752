import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  groupUserDeleteResponse,
  groupUserInfoResponse,
  groupUserNewResponse,
  groupUsersResponse,
  groupUserStatusResponse,
  hcpHistoryResponse,
  type ExportFormat,
  type GroupUserNewRequest,
  type GroupUserStatus,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';

// The care-team screens' calls: the HCP operation history, the HCP group's users and the clinic
// export (contract care-team.ts).

export const careTeamKeys = {
  all: ['careTeam'] as const,
  history: (filters: HistoryFilters) => [...careTeamKeys.all, 'history', filters] as const,
  users: () => [...careTeamKeys.all, 'users'] as const,
  user: (id: string) => [...careTeamKeys.all, 'user', id] as const,
};

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilters {
  page: number;
  patient?: string;
  member?: string;
  from?: number;
  to?: number;
  action?: string;
}

export function useHcpHistory(filters: HistoryFilters) {
  return useQuery({
    queryKey: careTeamKeys.history(filters),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.hcpHistory, hcpHistoryResponse, {
          signal,
          query: { ...filters, size: HISTORY_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useGroupUsers() {
  return useQuery({
    queryKey: careTeamKeys.users(),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.hcpGroupUsers, groupUsersResponse, { signal })).users,
    retry: false,
  });
}

export function useGroupUser(id: string) {
  return useQuery({
    queryKey: careTeamKeys.user(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.hcpGroupUser(id), groupUserInfoResponse, { signal })),
    enabled: id !== '',
    retry: false,
  });
}

export function addGroupUser(body: GroupUserNewRequest) {
  return api.post(API.hcpGroupUsersNew, body, groupUserNewResponse);
}

export function setGroupUserStatus(id: string, status: GroupUserStatus) {
  return api.post(`${API.hcpGroupUser(id)}/status`, { status }, groupUserStatusResponse);
}

/** Deletes a member; the body carries the manager's confirmation. */
export function deleteGroupUser(id: string) {
  return api.post(API.hcpGroupUserDelete(id), { confirm: true }, groupUserDeleteResponse);
}

/** The export file, fetched with the session's token (a plain link would carry none). */
export function fetchExport(uid: string, from: string, to: string, format: ExportFormat) {
  return api.getBlob(API.patientExport(uid), { query: { from, to, format }, timeoutMs: 120_000 });
}

/** The same days as an HL7 FHIR R4 bundle (the reports' FHIR export: summary and readings). */
export function fetchFhirExport(uid: string, from: string, to: string) {
  return api.getBlob(API.reportFhir(uid), { query: { from, to }, timeoutMs: 120_000 });
}
