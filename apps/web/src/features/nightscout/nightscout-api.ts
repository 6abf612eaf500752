import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appsWithAccessResponse,
  NS_API,
  nsCredentialCreated,
  nsCredentialsResponse,
  nsOkResponse,
  oauthAuthorizeResponse,
  oauthClientInfo,
  type AppRevokeRequest,
  type NsCredentialCreateRequest,
  type OauthAuthorizeRequest,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';

export const nsKeys = {
  credentials: (uid: string) => ['nightscout', 'credentials', uid] as const,
  apps: (uid: string) => ['nightscout', 'apps', uid] as const,
};

export function useCredentials(uid: string) {
  return useQuery({
    queryKey: nsKeys.credentials(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(NS_API.credentials(uid), nsCredentialsResponse, { signal })),
  });
}

export function useApps(uid: string) {
  return useQuery({
    queryKey: nsKeys.apps(uid),
    queryFn: async ({ signal }) =>
      unwrap(await api.get(NS_API.apps(uid), appsWithAccessResponse, { signal })).apps,
  });
}

export function useCreateCredential(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: NsCredentialCreateRequest) =>
      unwrap(await api.post(NS_API.credentials(uid), body, nsCredentialCreated)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['nightscout'] }),
  });
}

export function useRevokeApp(uid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AppRevokeRequest) =>
      unwrap(await api.post(NS_API.appRevoke(uid), body, nsOkResponse)),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['nightscout'] }),
  });
}

export async function describeClient(request: OauthAuthorizeRequest, signal?: AbortSignal) {
  return unwrap(
    await api.get(NS_API.oauthClient, oauthClientInfo, {
      signal,
      query: request as unknown as Record<string, string>,
    }),
  );
}

export async function agree(request: OauthAuthorizeRequest) {
  return unwrap(await api.post(NS_API.oauthAuthorize, request, oauthAuthorizeResponse)).redirect;
}
