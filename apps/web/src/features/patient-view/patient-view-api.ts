import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  API,
  eventEditResponse,
  eventsDeleteResponse,
  eventsNewResponse,
  eventsResponse,
  patientProfileResponse,
  recordsDeleteResponse,
  recordsEditResponse,
  recordsNewResponse,
  recordsResponse,
  type EventInput,
  type PatientProfileUpdate,
  type RecordInput,
  type RecordsEditRequest,
} from '@cgm/contract';
import { defaultGlucoseUnit, isGlucoseUnit, type GlucoseUnit } from '@cgm/domain';
import { api, unwrap } from '../../api/api';
import { ApiFailureError } from '../../api/errors';
import { getSettings, patientKeys } from '../../api/patient-settings';
import { SESSION_KEYS } from '../../session/session';
import { sessionStore } from '../../lib/storage';

// The patient view's calls (spec §7 patients/{id}/profile, events/{id}…, records/{id}…). Keys sit
// under the patient, so a change refreshes everything shown of that patient.

export const viewKeys = {
  profile: (uid: string) => [...patientKeys.all(uid), 'patientProfile'] as const,
  events: (uid: string) => [...patientKeys.all(uid), 'events'] as const,
  eventsRange: (uid: string, from: number, to: number, types: string) =>
    [...patientKeys.all(uid), 'events', from, to, types] as const,
  records: (uid: string) => [...patientKeys.all(uid), 'records'] as const,
};

/** A refusal of the policy (403): the caller has no access to this patient. */
export const isRefusal = (e: unknown): boolean => e instanceof ApiFailureError && e.failure.status === 403;
const retry = (count: number, error: unknown) => !isRefusal(error) && count < 2;

export function usePatientProfile(uid: string) {
  return useQuery({
    queryKey: viewKeys.profile(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.patientProfile(uid), patientProfileResponse, { signal })).profile,
    // No patient chosen: nothing to ask (never `patients//profile`).
    enabled: uid !== '',
    retry,
  });
}

export function savePatientProfile(uid: string, update: PatientProfileUpdate) {
  return api.post(API.patientProfile(uid), update, patientProfileResponse);
}

export function useEvents(uid: string, from: number, to: number, types: string) {
  return useQuery({
    queryKey: viewKeys.eventsRange(uid, from, to, types),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get(API.events(uid), eventsResponse, {
          signal,
          query: { from, to, types: types || undefined },
        }),
      ),
    placeholderData: keepPreviousData,
    retry,
  });
}

export const addEvents = (uid: string, data: EventInput[]) =>
  api.post(API.eventsNew(uid), { data }, eventsNewResponse);
export const editEvent = (uid: string, eid: string, input: EventInput) =>
  api.post(API.eventEdit(uid, eid), input, eventEditResponse);
export const deleteEvents = (uid: string, eids: string[]) =>
  api.post(API.eventsDelete(uid), { eids }, eventsDeleteResponse);

export function useRecords(uid: string) {
  return useQuery({
    queryKey: viewKeys.records(uid),
    queryFn: async ({ signal }) => unwrap(await api.get(API.records(uid), recordsResponse, { signal })),
    retry,
  });
}

export const addRecords = (uid: string, data: RecordInput[]) =>
  api.post(API.recordsNew(uid), { data }, recordsNewResponse);
export const editRecord = (uid: string, body: RecordsEditRequest) =>
  api.post(API.recordsEdit(uid), body, recordsEditResponse);
export const deleteRecords = (uid: string, rids: string[]) =>
  api.post(API.recordsDelete(uid), { rids }, recordsDeleteResponse);

/**
 * The glucose unit events are shown and typed in: the patient's monitor setting, else the
 * default of the viewer's country (spec §9 "Unit default"), as the live monitor does.
 */
export function useGlucoseUnit(uid: string): GlucoseUnit {
  const settings = useQuery({
    queryKey: patientKeys.settings(uid),
    queryFn: async ({ signal }) => unwrap(await getSettings(uid, signal)).settings,
    retry: false,
    staleTime: 60_000,
  });
  const unit = settings.data?.unit;
  if (isGlucoseUnit(unit)) return unit;
  return defaultGlucoseUnit(sessionStore().getItem(SESSION_KEYS.locCode) ?? '');
}
