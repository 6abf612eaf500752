import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  accountAdminList,
  adminHistoryList,
  adminHome,
  createdAccount,
  decisionResult,
  deleteResult,
  hcpApplicationList,
  memberDetailResponse,
  memberList,
  ok,
  resendResult,
  type AdminScopeBody,
  type NewHcpAccount,
} from '@cgm/contract';
import { api, unwrap } from '../../api/api';

// The calls of the account-administration area (part A) and their query hooks. Every list is
// refetched after an action, so a screen never shows a state the server no longer has.

type Query = Record<string, string | number | undefined>;

export const adminKeys = {
  all: ['admin'] as const,
  home: ['admin', 'home'] as const,
  admins: ['admin', 'admins'] as const,
  applications: (q: Query) => ['admin', 'applications', q] as const,
  members: (q: Query) => ['admin', 'members', q] as const,
  member: (uid: string) => ['admin', 'member', uid] as const,
  history: (q: Query) => ['admin', 'history', q] as const,
};

const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Query;

export const useAdminHome = () =>
  useQuery({
    queryKey: adminKeys.home,
    queryFn: async () => unwrap(await api.get(API.adminHome, adminHome)),
  });

export const useAdmins = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.admins,
    enabled,
    queryFn: async () => unwrap(await api.get(API.adminAdmins, accountAdminList)).items,
  });

export const useApplications = (q: Query) =>
  useQuery({
    queryKey: adminKeys.applications(q),
    queryFn: async () =>
      unwrap(await api.get(API.adminHcpApplications, hcpApplicationList, { query: clean(q) })),
  });

export const useMembers = (q: Query) =>
  useQuery({
    queryKey: adminKeys.members(q),
    queryFn: async () => unwrap(await api.get(API.adminMembers, memberList, { query: clean(q) })),
  });

export const useMember = (uid: string) =>
  useQuery({
    queryKey: adminKeys.member(uid),
    enabled: uid !== '',
    queryFn: async () => unwrap(await api.get(API.adminMember(uid), memberDetailResponse)).member,
  });

export const useAdminHistory = (q: Query) =>
  useQuery({
    queryKey: adminKeys.history(q),
    queryFn: async () => unwrap(await api.get(API.adminHistory, adminHistoryList, { query: clean(q) })),
  });

/** A mutation that refreshes everything of the admin area when it settles. */
function useAdminMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface NewAdminInput {
  username: string;
  realname: string;
  password: string;
  scope: AdminScopeBody;
}

export const useCreateAdmin = () =>
  useAdminMutation(async (body: NewAdminInput) =>
    unwrap(await api.post(API.adminAdminsNew, body, createdAccount)),
  );

export const useAdminStatus = () =>
  useAdminMutation(async (v: { uid: string; status: 'active' | 'disabled' }) =>
    unwrap(await api.post(API.adminAdminStatus(v.uid), { status: v.status, confirm: true }, ok)),
  );

export const useAdminScope = () =>
  useAdminMutation(async (v: { uid: string; scope: AdminScopeBody }) =>
    unwrap(await api.post(API.adminAdminScope(v.uid), v.scope, ok)),
  );

export const useDecide = () =>
  useAdminMutation(async (v: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
    v.decision === 'approve'
      ? unwrap(await api.post(API.adminHcpApprove(v.id), {}, decisionResult))
      : unwrap(await api.post(API.adminHcpReject(v.id), { reason: v.reason, confirm: true }, decisionResult)),
  );

export const useCreateHcp = () =>
  useAdminMutation(async (body: NewHcpAccount) =>
    unwrap(await api.post(API.adminHcpNew, body, createdAccount)),
  );

export type MemberAction =
  | { kind: 'lock'; minutes: number }
  | { kind: 'unlock' }
  | { kind: 'mfa' }
  | { kind: 'resend' }
  | { kind: 'type'; type: 'P' | 'M' | 'D'; organisation?: string }
  | { kind: 'delete' };

export const useMemberAction = (uid: string) =>
  useAdminMutation(async (a: MemberAction) => {
    switch (a.kind) {
      case 'lock':
        return unwrap(await api.post(API.adminMemberLock(uid), { minutes: a.minutes, confirm: true }, ok));
      case 'unlock':
        return unwrap(await api.post(API.adminMemberUnlock(uid), {}, ok));
      case 'mfa':
        return unwrap(await api.post(API.adminMemberMfaReset(uid), { confirm: true }, ok));
      case 'resend':
        return unwrap(await api.post(API.adminMemberResend(uid), {}, resendResult));
      case 'type':
        return unwrap(
          await api.post(
            API.adminMemberType(uid),
            { type: a.type, organisation: a.organisation, confirm: true },
            ok,
          ),
        );
      case 'delete':
        return unwrap(await api.post(API.adminMemberDelete(uid), { confirm: true }, deleteResult));
    }
  });
