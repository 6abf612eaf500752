import { z } from 'zod';
import { REGIONS } from '@cgm/domain';
import { countryCode, createdBy, languageCode, uid, userType } from './common';
import { profession } from './accounts';

// The account-administration area, part A (spec §1, §2 account-admin screens, §4, §6): account
// admins and their scope, the HCP-application desk, members and the admin operation history.
// Every destructive call carries `confirm: true`: the screen asks first, the server insists.

const confirmed = z.literal(true, { error: 'admin.confirmRequired' });
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);
const name = z.string().trim().min(1).max(100);
const password = z.string().max(200);
const epochMs = z.number().int();

export const adminRegion = z.enum(REGIONS);
/** An account admin's scope: the countries and whole regions they administer (spec §1). */
export const adminScopeBody = z.object({
  countries: z.array(countryCode).max(100).default([]),
  regions: z.array(adminRegion).max(REGIONS.length).default([]),
});
export type AdminScopeBody = z.infer<typeof adminScopeBody>;

/** Paging of every admin list. */
const paging = { page: z.number().int(), pages: z.number().int(), total: z.number().int() };

// ---- Account admins (super admin only) -------------------------------------------------------

export const accountAdminItem = z.object({
  uid,
  username: z.string(),
  realname: z.string(),
  role: z.enum(['AccountAdminSuper', 'AccountAdmin']),
  status: z.enum(['active', 'pending', 'rejected', 'disabled']),
  scope: z.object({ countries: z.array(z.string()), regions: z.array(z.string()) }).nullable(),
  created_at: epochMs,
});
export type AccountAdminItem = z.infer<typeof accountAdminItem>;
export const accountAdminList = z.object({ error: z.literal(0), items: z.array(accountAdminItem) });

export const newAccountAdmin = z.object({
  username: z.string().trim().min(1).max(254),
  realname: name,
  password,
  language: languageCode.default('en'),
  scope: adminScopeBody,
});
export type NewAccountAdmin = z.infer<typeof newAccountAdmin>;
export const createdAccount = z.object({ error: z.literal(0), uid, username: z.string() });

export const adminStatusBody = z.object({ status: z.enum(['active', 'disabled']), confirm: confirmed });
export const adminScopeUpdate = adminScopeBody;

// ---- Homes -------------------------------------------------------------------------------------

export const adminHistoryItem = z.object({
  id: z.number().int(),
  at: epochMs,
  actor_id: z.string(),
  actor_name: z.string(),
  actor_type: z.string(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminHistoryItem = z.infer<typeof adminHistoryItem>;

export const adminHome = z.object({
  error: z.literal(0),
  username: z.string(),
  realname: z.string(),
  role: z.enum(['AccountAdminSuper', 'AccountAdmin']),
  /** null: the super admin, who administers every country. */
  scope: z.object({ countries: z.array(z.string()), regions: z.array(z.string()) }).nullable(),
  pending_applications: z.number().int(),
  accounts_in_scope: z.number().int(),
  recent: z.array(adminHistoryItem),
});
export type AdminHome = z.infer<typeof adminHome>;

// ---- HCP desk ----------------------------------------------------------------------------------

export const applicationStatus = z.enum(['submitted', 'approved', 'rejected']);
export const applicationsQuery = z.object({ status: applicationStatus.optional(), page, size });
export const hcpApplicationItem = z.object({
  id: z.string(),
  uid,
  username: z.string(),
  realname: z.string(),
  organisation: z.string(),
  country: z.string(),
  status: applicationStatus,
  converted_from: z.string().nullable(),
  created_at: epochMs,
  decided_at: epochMs.nullable(),
  decided_by: z.string().nullable(),
  note: z.string().nullable(),
});
export type HcpApplicationItem = z.infer<typeof hcpApplicationItem>;
export const hcpApplicationList = z.object({
  error: z.literal(0),
  items: z.array(hcpApplicationItem),
  ...paging,
  /** The countries this desk may act on; null: every country. */
  countries: z.array(z.string()).nullable(),
});
export const approveBody = z.object({});
export const rejectBody = z.object({ reason: z.string().trim().min(1).max(1000), confirm: confirmed });
export const decisionResult = z.object({ error: z.literal(0), status: applicationStatus });

export const newHcpAccount = z.object({
  /** hcp: an HCP account of its own (it may manage a group); member: a member of a manager's group. */
  kind: z.enum(['hcp', 'member']),
  username: z.string().trim().min(1).max(254),
  realname: z.string().trim(),
  password,
  organisation: z.string().trim().min(1, 'messages.fillRequired').max(200),
  country: countryCode,
  language: languageCode,
  major: profession.optional(),
  /** For a member: the group manager's username. */
  manager: z.string().trim().max(254).optional(),
  clinic_id: z.string().trim().max(64).optional(),
});
export type NewHcpAccount = z.infer<typeof newHcpAccount>;

// ---- Members -------------------------------------------------------------------------------------

export const memberStatus = z.enum(['active', 'pending', 'rejected', 'disabled', 'locked', 'deleted']);
export type MemberStatus = z.infer<typeof memberStatus>;
export const membersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(['P', 'D', 'M']).optional(),
  country: countryCode.optional(),
  status: memberStatus.optional(),
  page,
  size,
});
export type MembersQuery = z.infer<typeof membersQuery>;

export const memberItem = z.object({
  uid,
  username: z.string(),
  realname: z.string(),
  user_type: userType,
  created_by: createdBy,
  country: z.string(),
  status: memberStatus,
  created_at: epochMs,
});
export type MemberItem = z.infer<typeof memberItem>;
export const memberList = z.object({ error: z.literal(0), items: z.array(memberItem), ...paging });

export const memberDetail = memberItem.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  language: z.string(),
  organisation: z.string().nullable(),
  mfa: z.boolean(),
  admin_login: z.boolean(),
  clinic_login: z.boolean(),
  failed_attempts: z.number().int(),
  locked_until: epochMs.nullable(),
  deleted_at: epochMs.nullable(),
  group_id: z.string().nullable(),
  clinic_id: z.string().nullable(),
  application: z.object({ id: z.string(), status: applicationStatus, created_at: epochMs }).nullable(),
  connections: z.number().int(),
  /** Where the data of this account is kept after deletion (spec §1: the EU server keeps it 2 years). */
  retention: z.enum(['two_years', 'immediate']),
});
export type MemberDetail = z.infer<typeof memberDetail>;
export const memberDetailResponse = z.object({ error: z.literal(0), member: memberDetail });

export const lockBody = z.object({
  minutes: z.number().int().min(1).max(525_600),
  confirm: confirmed,
});
export const adminEmptyBody = z.object({});
export const adminConfirmBody = z.object({ confirm: confirmed });
export const changeTypeBody = z.object({
  type: z.enum(['P', 'M', 'D']),
  /** Required to become an HCP (spec §5 "Organisation: required for HCP"). */
  organisation: z.string().trim().max(200).optional(),
  confirm: confirmed,
});
export const resendResult = z.object({ error: z.literal(0), sent: z.enum(['application_status']) });
export const deleteResult = z.object({ error: z.literal(0), purged: z.boolean() });

// ---- History -------------------------------------------------------------------------------------

/**
 * Every action the server writes to the admin operation history (area 'admin'): the server can
 * write no other (apps/server/src/access/operation-history.ts recordAdminOperation takes only these), and
 * the web app labels each one and offers each in the /History filter.
 */
export const ADMIN_ACTIONS = [
  'admin.create',
  'admin.disable',
  'admin.enable',
  'admin.scope',
  'hcp.approve',
  'hcp.reject',
  'hcp.create',
  'hcp.createMember',
  'member.lock',
  'member.unlock',
  'member.mfaReset',
  'member.resend',
  'member.type',
  'member.delete',
  'clinic.create',
  'clinic.edit',
  'clinic.hcpAssign',
  'clinic.hcpRemove',
  'firmware.create',
  'firmware.edit',
  'firmware.state',
  'hcl.print',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const adminHistoryQuery = z.object({
  /** Free text: the actor's or the subject's name. */
  q: z.string().trim().max(100).optional(),
  action: z.string().trim().max(64).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  page,
  size,
});
export type AdminHistoryQuery = z.infer<typeof adminHistoryQuery>;
export const adminHistoryList = z.object({
  error: z.literal(0),
  items: z.array(adminHistoryItem),
  ...paging,
});
