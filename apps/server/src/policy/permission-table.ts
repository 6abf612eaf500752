import { ACTORS, FOLLOWERS, type ActorName } from './permission-cast';

// The permission matrix of docs/PERMISSIONS.md, route by route. Each entry lists the callers who get
// past the route's access rule; everyone else must be refused (401 or 403). Written out by hand on
// purpose: it is the second, independent statement of the rules the routes declare.

export interface RouteRule {
  allow: readonly ActorName[];
  /** Which account a path parameter names (default: the patient). */
  params?: Record<string, ActorName | string>;
  /** A sign-out: each call gets a fresh session. */
  endsSession?: boolean;
}

const followers = (state: string) => FOLLOWERS.map((f) => `${f}:${state}` as ActorName);
const allFollowers = ACTORS.filter((a) => a.includes(':'));

/** Everyone, signed in or not. */
const ANYONE = ACTORS;
/** Any signed-in account. */
const SIGNED_IN = ACTORS.filter((a) => a !== 'anonymous');
/** Device tokens only: no person's session passes. */
const DEVICES: ActorName[] = [];
const PATIENTS: ActorName[] = ['patient', 'otherPatient'];
/** HCP accounts (the admin and clinic logins are HCP accounts with a flag). */
const HCPS = ['adminLogin', ...allFollowers.filter((a) => !a.startsWith('carer:'))] as ActorName[];
const CARERS_AND_HCPS = [...allFollowers, 'adminLogin'] as ActorName[];
const PERSONS = [...PATIENTS, ...CARERS_AND_HCPS];
/** The patient and every follower the patient accepted. */
const READ: ActorName[] = ['patient', ...followers('accepted')];
/** Monitor settings: the patient, accepted carers and HCPs (not the read-only clinic login). */
const SETTINGS: ActorName[] = ['patient', 'carer:accepted', 'hcp:accepted', 'member:accepted'];
/** Events, records, the patient's profile as a clinician sees it. */
const CLINICAL: ActorName[] = ['patient', 'hcp:accepted', 'member:accepted'];
const OWN: ActorName[] = ['patient'];

export const PERMISSION_TABLE: Record<string, RouteRule> = {
  // Public: sign-in, registration, password reset.
  'GET /api/v2.0/config': { allow: ANYONE },
  'POST /api/v2.0/login': { allow: ANYONE },
  'POST /api/v2.0/login/mfa': { allow: ANYONE },
  'POST /api/v2.0/login/mfa/resend': { allow: ANYONE },
  'POST /api/v2.0/seccode/send': { allow: ANYONE },
  'POST /api/v2.0/regist': { allow: ANYONE },
  'POST /api/v2.0/hcp/apply': { allow: ANYONE },
  'GET /api/v2.0/password/reset/token': { allow: ANYONE },
  'POST /api/v2.0/password/reset': { allow: ANYONE },

  // One's own account.
  'GET /api/v2.0/session': { allow: SIGNED_IN },
  'POST /api/v2.0/logout': { allow: SIGNED_IN, endsSession: true },
  'POST /api/v2.1/logout': { allow: SIGNED_IN, endsSession: true },
  'GET /api/v2.0/person/profile': { allow: SIGNED_IN },
  'POST /api/v2.0/person/profile': { allow: SIGNED_IN },
  'POST /api/v2.0/person/portrait': { allow: SIGNED_IN },
  'GET /api/v2.0/person/security': { allow: SIGNED_IN },
  'POST /api/v2.0/person/security': { allow: SIGNED_IN },
  'POST /api/v2.0/person/terms': { allow: SIGNED_IN },
  'POST /api/v2.0/password/modify': { allow: SIGNED_IN },
  'GET /api/v2.0/person/:uid/portrait': { allow: READ },

  // The patient's device apps and data.
  'POST /api/v2.0/devices': { allow: PATIENTS },
  'GET /api/v2.0/devices': { allow: PATIENTS },
  'POST /api/v2.0/devices/:deviceId/revoke': { allow: PATIENTS, params: { deviceId: 'no-such-device' } },
  'POST /api/v2.0/ingest': { allow: DEVICES },
  'POST /api/v2.0/data/delete': { allow: PATIENTS },
  'GET /api/v2.1/monitor/:id/status': { allow: READ },
  'POST /api/v2.0/monitor/data': { allow: PERSONS },
  'GET /api/v2.0/settings/:id': { allow: READ },
  'POST /api/v2.0/monitor/:id/settings': { allow: SETTINGS },
  'GET /api/v2.0/monitor/:id/profile': { allow: READ },
  'GET /api/v2.0/options/:id/data': { allow: READ },
  'POST /api/v2.0/options/:id/data': { allow: OWN },
  'GET /api/v2.0/pdm/:id/settings': { allow: READ },
  'GET /api/v2.0/pdm/:id/sessions': { allow: READ },
  'GET /api/v2.0/uploads/:id': { allow: READ },
};

export const ROLE_SETS = { ANYONE, SIGNED_IN, PATIENTS, HCPS, CARERS_AND_HCPS, PERSONS, READ, SETTINGS, CLINICAL, OWN };
