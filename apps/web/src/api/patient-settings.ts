import {
  API,
  monitorProfileResponse,
  monitorSettingsResponse,
  type MonitorSettingsUpdate,
} from '@cgm/contract';
import { api } from './api';

// A patient's monitor settings and monitor profile (spec §3 "Settings", §7 settings/{id},
// monitor/{id}/profile, monitor/{id}/settings). Shared: the live monitor colours and converts with
// them, the data-sources screens edit them.

export const patientKeys = {
  all: (uid: string) => ['patient', uid] as const,
  settings: (uid: string) => ['patient', uid, 'settings'] as const,
  monitorProfile: (uid: string) => ['patient', uid, 'monitorProfile'] as const,
};

export function getSettings(uid: string, signal?: AbortSignal) {
  return api.get(API.settings(uid), monitorSettingsResponse, signal ? { signal } : {});
}

export function saveMonitorSettings(uid: string, update: MonitorSettingsUpdate) {
  return api.post(API.monitorSettings(uid), update, monitorSettingsResponse);
}

export function getMonitorProfile(uid: string, signal?: AbortSignal) {
  return api.get(API.monitorProfile(uid), monitorProfileResponse, signal ? { signal } : {});
}
