import { API, profileResponse, type ProfileUpdate } from '@cgm/contract';
import { api } from '../../api/api';

export function getProfile(signal?: AbortSignal) {
  return api.get(API.profile, profileResponse, signal ? { signal } : {});
}

export function saveProfile(update: ProfileUpdate) {
  return api.post(API.profile, update);
}

export function uploadPortrait(dataUrl: string) {
  return api.post(API.portraitUpload, { data_url: dataUrl });
}

export function getPortrait(uid: string, signal?: AbortSignal) {
  return api.getBlob(API.portrait(uid), signal ? { signal } : {});
}
