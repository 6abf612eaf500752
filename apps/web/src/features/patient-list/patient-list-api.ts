import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  patientNewResponse,
  patientsDeleteResponse,
  patientsResponse,
  type PatientNewRequest,
  type PatientSort,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';

// The patient list's calls (spec §7 GET api/v2.0/patients; new patient; delete patients). Error 12
// on any of them sends the user to /hcpLogin (api/client.ts authRedirectTarget).

export interface ListState {
  page: number;
  q: string;
  diabetesType: string;
  sort: PatientSort;
  order: 'asc' | 'desc';
  /** Only the patients with a triage flag ("needs attention"). */
  attention: boolean;
}

/** The list opens on the riskiest patients first (the domain's risk order, issue 18). */
export const INITIAL_LIST: ListState = {
  page: 1,
  q: '',
  diabetesType: '',
  sort: 'risk',
  order: 'desc',
  attention: false,
};

export const patientListKeys = {
  all: ['patients'] as const,
  page: (s: ListState) => ['patients', s] as const,
};

export function usePatients(state: ListState) {
  return useQuery({
    queryKey: patientListKeys.page(state),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.patients, patientsResponse, {
          signal,
          query: {
            page: state.page,
            q: state.q || undefined,
            diabetes_type: state.diabetesType || undefined,
            sort: state.sort,
            order: state.order,
            attention: state.attention ? '1' : undefined,
          },
        }),
      ).patients,
    placeholderData: keepPreviousData,
    // Latest glucose moves every few minutes; the list follows without a reload.
    refetchInterval: 60_000,
  });
}

export function createPatient(body: PatientNewRequest) {
  return api.post(API.patientsNew, body, patientNewResponse);
}

/** Called after the user confirmed the deletion (spec §8 "delete patients"). */
export function deletePatients(uids: string[]) {
  return api.post(API.patientsDelete, { uids, confirm: true }, patientsDeleteResponse);
}
