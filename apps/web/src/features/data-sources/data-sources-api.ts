import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  dataDeleteResponse,
  dataOptionsResponse,
  pdmSettingsResponse,
  sessionsResponse,
  uploadsResponse,
  type DataDeleteRequest,
  type DataOption,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';
import { getSettings, patientKeys } from '../../api/patient-settings';

// The data-sources screens' calls (spec §7: options/{id}/data, pdm/{id}/settings and sessions,
// uploads/{id}, data/delete, settings/{id}). Keys sit under the patient, so a deletion can
// refresh everything of that patient at once.

export const dataKeys = {
  options: (uid: string) => [...patientKeys.all(uid), 'options'] as const,
  pdm: (uid: string) => [...patientKeys.all(uid), 'pdmSettings'] as const,
  sessions: (uid: string) => [...patientKeys.all(uid), 'sessions'] as const,
  uploads: (uid: string, page: number) => [...patientKeys.all(uid), 'uploads', page] as const,
};

export const UPLOADS_PAGE_SIZE = 20;

export function useSettings(uid: string) {
  return useQuery({
    queryKey: patientKeys.settings(uid),
    queryFn: async ({ signal }) => unwrap(await getSettings(uid, signal)).settings,
  });
}

export function useDataOptions(uid: string) {
  return useQuery({
    queryKey: dataKeys.options(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.dataOptions(uid), dataOptionsResponse, { signal })).options,
  });
}

export function saveDataOptions(uid: string, options: DataOption[]) {
  return api.post(API.dataOptions(uid), { options }, dataOptionsResponse);
}

export function usePdmSettings(uid: string) {
  return useQuery({
    queryKey: dataKeys.pdm(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.pdmSettings(uid), pdmSettingsResponse, { signal })),
  });
}

export function useSessions(uid: string) {
  return useQuery({
    queryKey: dataKeys.sessions(uid),
    queryFn: async ({ signal }) => unwrap(await api.get(API.pdmSessions(uid), sessionsResponse, { signal })),
  });
}

export function useUploads(uid: string, page: number) {
  return useQuery({
    queryKey: dataKeys.uploads(uid, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.uploads(uid), uploadsResponse, {
          signal,
          query: { page, size: UPLOADS_PAGE_SIZE },
        }),
      ).uploads,
    placeholderData: keepPreviousData,
  });
}

export function deleteData(request: DataDeleteRequest) {
  return api.post(API.dataDelete, request, dataDeleteResponse);
}
