import { useQuery } from '@tanstack/react-query';
import {
  API,
  connectionsResponse,
  countResponse,
  invitationCreated,
  invitationsResponse,
  messagesResponse,
  relationChangeResponse,
  relationSearchResponse,
  relationsResponse,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';

// The calls of connections and messages (spec §7: relations/auth…, messages…, monitor/connections).

export const connectionKeys = {
  all: ['connections'] as const,
  relations: ['connections', 'relations'] as const,
  mine: ['connections', 'mine'] as const,
  messages: ['connections', 'messages'] as const,
  invitations: ['connections', 'invitations'] as const,
};

/** How often the carer's home refreshes its patients' glucose and pump state. */
export const CONNECTIONS_REFRESH_MS = 60_000;

export function useRelations() {
  return useQuery({
    queryKey: connectionKeys.relations,
    queryFn: async ({ signal }) => unwrap(await api.get(API.relations, relationsResponse, { signal })),
  });
}

export function useMyConnections(refresh = false) {
  return useQuery({
    queryKey: connectionKeys.mine,
    queryFn: async ({ signal }) => {
      const data = unwrap(await api.get(API.connections, connectionsResponse, { signal }));
      // The server's clock decides staleness and ages; keep how far ours is from it.
      return { ...data, clockOffset: data.server_time - Date.now() };
    },
    ...(refresh ? { refetchInterval: CONNECTIONS_REFRESH_MS } : {}),
  });
}

export function useMessages() {
  return useQuery({
    queryKey: connectionKeys.messages,
    queryFn: async ({ signal }) => unwrap(await api.get(API.messages, messagesResponse, { signal })).messages,
  });
}

export const searchPatient = (username: string) =>
  api.get(API.relationsSearch, relationSearchResponse, { query: { username } });

export const sendRequest = (username: string, remark: string) =>
  api.post(API.relationsRequest, { username, ...(remark ? { remark } : {}) }, relationChangeResponse);

/** The relation decisions and withdrawals; each names the other party of the relation. */
export type RelationCall = 'permit' | 'reject' | 'cancel' | 'stop';
const PATHS: Record<RelationCall, string> = {
  permit: API.relationsPermit,
  reject: API.relationsReject,
  cancel: API.relationsCancel,
  stop: API.relationsStop,
};
export const changeRelation = (call: RelationCall, uid: string) =>
  api.post(PATHS[call], { uid }, relationChangeResponse);

/** Marks every message read; answers the unread count left. */
export const markAllRead = () => api.post(API.messagesRead, {}, countResponse);

/** The carer's or HCP's invitation codes (spec §3 status 'invited'). */
export function useInvitations() {
  return useQuery({
    queryKey: connectionKeys.invitations,
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API.invitations, invitationsResponse, { signal })).invitations,
  });
}

export const createInvitation = () => api.post(API.invitations, {}, invitationCreated);
