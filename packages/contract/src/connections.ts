import { z } from 'zod';
import { CONNECTION_STATUSES } from '@cgm/domain';
import { uid } from './common';
import { glucoseUnit } from './data';
import { pumpStatus, sensorStatus } from './monitor';

// Connections, relations and messages (spec §3 "Relations", "Connection item", "Connection
// request", "Message"; §4 connection states; §7 relations, messages, connections calls).

export const connectionStatus = z.enum(CONNECTION_STATUSES);

/** 'Username required for connection search' (spec §5). */
const username = z.string().trim().min(1, 'validation.usernameRequired').max(254);

export const relationSearchQuery = z.object({ username });
export const relationSearchResponse = z.object({
  error: z.literal(0),
  user: z.object({
    uid,
    username: z.string(),
    alias: z.string().nullable(),
    /** Masked until the patient agreed to this follower (domain maskRealname). */
    realname: z.string(),
    /** The status of an existing relation as the searcher sees it, null without one. */
    status: connectionStatus.nullable(),
  }),
});
export type RelationSearchResponse = z.infer<typeof relationSearchResponse>;

export const relationRequestBody = z.object({
  username,
  remark: z.string().trim().max(200).optional(),
});
export type RelationRequestBody = z.infer<typeof relationRequestBody>;

/** permit, reject, cancel and stop name the other party of the relation. */
export const relationUidBody = z.object({ uid });

export const relationChangeResponse = z.object({ error: z.literal(0), status: connectionStatus });

/** One follower in the patient's relations (spec §3 "Relations": state ACCEPT or pending). */
export const relationItem = z.object({
  uid,
  username: z.string(),
  alias: z.string().nullable(),
  real_name: z.string(),
  follower_type: z.enum(['M', 'D']),
  state: z.enum(['ACCEPT', 'pending']),
  status: connectionStatus,
  remark: z.string().nullable(),
  /** When the request was made (pending) or the patient agreed (accepted); epoch ms. */
  since: z.number(),
});
export type RelationItem = z.infer<typeof relationItem>;

export const relationsResponse = z.object({
  error: z.literal(0),
  hcp: z.array(relationItem),
  carer: z.array(relationItem),
  /** Apps with access to the patient's data: Nightscout credentials and OAuth grants, newest first. */
  oauth2: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['nightscout', 'oauth']),
      scopes: z.array(z.string()),
      /** When access was granted; epoch ms. */
      since: z.number(),
      /** When the app last used it; epoch ms, null if never. */
      last_used_at: z.number().nullable(),
    }),
  ),
  /** Requests and invitations waiting for the patient's decision, newest first. */
  pending: z.array(relationItem),
});
export type RelationsResponse = z.infer<typeof relationsResponse>;

/**
 * A clinic whose desk (its shared clinic login) may read the patient only with the patient's consent
 * (docs/PERMISSIONS.md "Clinic login"): the clinics of the patient's accepted HCPs, and any clinic the
 * patient consents to still.
 */
export const clinicConsentItem = z.object({
  clinic_id: z.string(),
  name: z.string(),
  /** Whether the desk reads the patient now (consent given, not revoked). */
  given: z.boolean(),
  /** When the consent was given; epoch ms, null when not given. */
  given_at: z.number().nullable(),
  /** The patient's accepted HCPs in this clinic, by name (the desk reads only through them). */
  hcps: z.array(z.string()),
});
export type ClinicConsentItem = z.infer<typeof clinicConsentItem>;
export const clinicConsentsResponse = z.object({ error: z.literal(0), clinics: z.array(clinicConsentItem) });
export const clinicConsentRequest = z.object({ clinic_id: z.string().min(1).max(64) });

export const countResponse = z.object({ error: z.literal(0), count: z.number().int().min(0) });

export const messageType = z
  .string()
  .describe(
    'RELATION_AUTH_PERMIT, RELATION_AUTH_CANCEL (removed), RELATION_AUTH_INVITATION_CANCEL (the patient cancelled an invitation); any other is a rejection',
  );
export const messageItem = z.object({
  id: z.string(),
  message_type: messageType,
  /** The patient who decided (null when that account no longer exists). */
  uid: z.string().nullable(),
  username: z.string().nullable(),
  /** Masked unless the patient currently lets this follower see their data. */
  realname: z.string().nullable(),
  alias: z.string().nullable(),
  timestamp: z.number(),
  read: z.boolean(),
  /** True when the reader may load the sender's portrait (person/{uid}/portrait). */
  portrait: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItem>;
export const messagesResponse = z.object({ error: z.literal(0), messages: z.array(messageItem) });

export const messagesReadBody = z.object({ ids: z.array(z.string().min(1).max(64)).max(500).optional() });

/** A patient the follower sees (spec §3 "Connection item"). */
export const connectionItem = z.object({
  uid,
  username: z.string(),
  alias: z.string().nullable(),
  real_name: z.string(),
  sensor_status: sensorStatus.nullable(),
  pump_status: pumpStatus.nullable(),
  /** The unit the patient's monitor shows glucose in (their settings, else their country's). */
  unit: glucoseUnit,
});
export type ConnectionItem = z.infer<typeof connectionItem>;

/** The follower's own requests (spec §3 "Connection request"). */
export const connectionRequest = z.object({
  uid,
  username: z.string(),
  alias: z.string().nullable(),
  real_name: z.string(),
  remark: z.string().nullable(),
  status: connectionStatus,
  since: z.number(),
});
export type ConnectionRequest = z.infer<typeof connectionRequest>;

export const connectionsResponse = z.object({
  error: z.literal(0),
  server_time: z.number(),
  connections: z.array(connectionItem),
  requests: z.array(connectionRequest),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponse>;

// ---------------------------------------------------------------------------------------------
// Invitation by code (spec §3 connection status 'invited', §5 "Invitation code correct"): a carer
// or an HCP makes a code that names them; a patient who registers with it finds that follower's
// request waiting for their decision.

export const invitationState = z.enum(['open', 'used', 'expired']);

export const invitationItem = z.object({
  code: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  state: invitationState,
});
export type InvitationItem = z.infer<typeof invitationItem>;

export const invitationsResponse = z.object({ error: z.literal(0), invitations: z.array(invitationItem) });
export const invitationCreateBody = z.object({}).strict();
export const invitationCreated = z.object({ error: z.literal(0), invitation: invitationItem });
