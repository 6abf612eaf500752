import { defaultAlertSettings } from '@cgm/domain';
import { ACTORS, FOLLOWERS, RELATION_STATES, type ActorName, type RelationState } from './permission-cast';

// The permission matrix of docs/PERMISSIONS.md, route by route. Each entry lists the callers who get
// past the route's access rule; everyone else must be refused (401 or 403). Written out by hand on
// purpose: it is the second, independent statement of the rules the routes declare.

/** The cast's accounts, for bodies that name one. */
export interface CastLookup {
  id: (who: ActorName) => string;
  username: (who: ActorName) => string;
}

export interface RouteRule {
  allow: readonly ActorName[];
  /** Which account a path parameter names (default: the patient). */
  params?: Record<string, ActorName | string>;
  /** A sign-out: each call gets a fresh session. */
  endsSession?: boolean;
  /**
   * A valid body naming the cast's patient (or a follower), so a route that names the patient in
   * its body reaches the service's own policy check, which then decides by the relation state.
   */
  body?: (cast: CastLookup) => unknown;
  /** The exact answer some callers get: what their relation state lets them do. */
  status?: Partial<Record<ActorName, number>>;
  /** The call moves relation rows: the test puts the cast's rows back after each call. */
  changesRelations?: boolean;
}

/** A valid alert settings body (the defaults). */
const ALERT_SETTINGS = defaultAlertSettings('mg/dL');

const followers = (state: string) => FOLLOWERS.map((f) => `${f}:${state}` as ActorName);
const allFollowers = ACTORS.filter((a) => a.includes(':'));
const followersOfKind = (kind: string) => allFollowers.filter((a) => a.startsWith(`${kind}:`));

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
/** HCPs who manage a group: registered HCPs (the cast's `hcp:` accounts), whatever their relation to the patient. */
const MANAGERS = followersOfKind('hcp');

/**
 * The answer of a relation move for each relation state of the carers, HCPs and group members
 * (the clinic logins' relations are their clinic's, access/clinic-access.ts): the move itself
 * (200), a state the move does not start from (409), or no relation at all (404).
 */
const byState = (answers: Record<RelationState, number>): Partial<Record<ActorName, number>> =>
  Object.fromEntries(
    (['carer', 'hcp', 'member'] as const).flatMap((kind) =>
      RELATION_STATES.map((state) => [`${kind}:${state}`, answers[state]]),
    ),
  );
const patientUid = (c: CastLookup) => ({ uid: c.id('patient') });

/**
 * The Nightscout-compatible API: no portal session holds a Nightscout credential, so every cast
 * actor is refused (like the ingest route). Each path also answers with a trailing slash, and
 * each v1-style path without a parameter with the `.json` suffix.
 */
const NIGHTSCOUT: ActorName[] = [];
const nsRoutes = (...keys: string[]): Record<string, RouteRule> =>
  Object.fromEntries(
    keys
      .flatMap((k) =>
        k.includes('/api/v3/') ? [k, `${k}/`] : k.includes(':') ? [k] : [k, `${k}/`, `${k}.json`],
      )
      .map((k) => [k, { allow: NIGHTSCOUT }]),
  );
const NIGHTSCOUT_ROUTES: Record<string, RouteRule> = {
  ...nsRoutes(
    'GET /api/v1/entries',
    'POST /api/v1/entries',
    'DELETE /api/v1/entries',
    'GET /api/v1/entries/:spec',
    'DELETE /api/v1/entries/:spec',
    'GET /api/v1/treatments',
    'POST /api/v1/treatments',
    'PUT /api/v1/treatments',
    'DELETE /api/v1/treatments',
    'DELETE /api/v1/treatments/:spec',
    'GET /api/v1/devicestatus',
    'POST /api/v1/devicestatus',
    'DELETE /api/v1/devicestatus',
    'DELETE /api/v1/devicestatus/:spec',
    'GET /api/v1/profile',
    'GET /api/v1/profiles',
    'POST /api/v1/profile',
    'PUT /api/v1/profile',
    'DELETE /api/v1/profile/:spec',
    'GET /api/v1/profile/current',
    'GET /api/v1/status',
    'GET /api/v1/experiments/test',
    'GET /api/v2/authorization/request/:accessToken',
    'GET /api/v3/version',
    'GET /api/v3/status',
    'GET /api/v3/lastModified',
    'GET /api/v3/:col',
    'POST /api/v3/:col',
    'GET /api/v3/:col/history',
    'GET /api/v3/:col/history/:since',
    'GET /api/v3/:col/:identifier',
    'PUT /api/v3/:col/:identifier',
    'PATCH /api/v3/:col/:identifier',
    'DELETE /api/v3/:col/:identifier',
    'GET /api/v1/activity',
    'POST /api/v1/activity',
    'PUT /api/v1/activity',
    'DELETE /api/v1/activity/:spec',
    'GET /api/v2/properties',
    'GET /api/v2/properties/:names',
    'GET /pebble',
  ),
  // Nightscout's own check: answers 200 to anyone, saying whether the credential is valid.
  'GET /api/v1/verifyauth': { allow: ANYONE },
  'GET /api/v1/verifyauth.json': { allow: ANYONE },
  'GET /api/v1/verifyauth/': { allow: ANYONE },
  // The patient's credentials and the apps holding access: the patient's own.
  'GET /api/v2.0/nightscout/:id/credentials': { allow: OWN },
  'POST /api/v2.0/nightscout/:id/credentials': { allow: OWN },
  'POST /api/v2.0/nightscout/:id/credentials/:cid/revoke': {
    allow: OWN,
    params: { cid: 'no-such-credential' },
  },
  'GET /api/v2.0/nightscout/:id/apps': { allow: OWN },
  'POST /api/v2.0/nightscout/:id/apps/revoke': { allow: OWN },
  // Consent to clinic desks (issue 15, finding 1): the patient's own.
  'GET /api/v2.0/consents/:id/clinics': { allow: OWN },
  'POST /api/v2.0/consents/:id/clinics/give': { allow: OWN },
  'POST /api/v2.0/consents/:id/clinics/revoke': { allow: OWN },
  // OAuth: the consent is a patient's; the token and revocation endpoints are public (RFC 6749).
  'GET /api/v2.0/oauth/client': { allow: PATIENTS },
  'POST /api/v2.0/oauth/authorize': { allow: PATIENTS },
  'POST /api/v2.0/oauth/token': { allow: ANYONE },
  'POST /api/v2.0/oauth/revoke': { allow: ANYONE },
  // File imports into a patient (the patient only) and exports (whoever reads the patient's data).
  'POST /api/v2.0/imports/:id': { allow: OWN },
  'GET /api/v2.0/exports/:id': { allow: READ },
};

export const PERMISSION_TABLE: Record<string, RouteRule> = {
  // Public: sign-in, registration, password reset.
  'GET /api/v2.0/config': { allow: ANYONE },
  'GET /api/v2.0/demo/progress': { allow: ANYONE },
  'POST /api/v2.0/login': { allow: ANYONE },
  'POST /api/v2.0/login/mfa': { allow: ANYONE },
  'POST /api/v2.0/login/mfa/resend': { allow: ANYONE },
  'POST /api/v2.0/login/password': { allow: ANYONE },
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
  // Only the patient deletes their own data: another patient naming them is refused.
  'POST /api/v2.0/data/delete': {
    allow: OWN,
    body: (c) => ({
      uid: c.id('patient'),
      kinds: ['sg'],
      source: 'all',
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 2),
      confirm: true,
    }),
  },
  'GET /api/v2.1/monitor/:id/status': { allow: READ },
  // The long poll names its patients: only those who may read them wait (the test's patient has
  // news, so an allowed poll answers at once).
  'POST /api/v2.0/monitor/data': { allow: READ, body: (c) => ({ uids: [c.id('patient')], eventNo: 0 }) },
  'GET /api/v2.0/settings/:id': { allow: READ },
  'POST /api/v2.0/monitor/:id/settings': { allow: SETTINGS },
  'GET /api/v2.0/monitor/:id/profile': { allow: READ },
  'GET /api/v2.0/options/:id/data': { allow: READ },
  'POST /api/v2.0/options/:id/data': { allow: OWN },
  'GET /api/v2.0/pdm/:id/settings': { allow: READ },
  'GET /api/v2.0/pdm/:id/sessions': { allow: READ },
  'GET /api/v2.0/uploads/:id': { allow: READ },

  // Connections and messages: followers ask, only the patient decides (docs/PERMISSIONS.md).
  'GET /api/v2.0/relations/auth/search': { allow: CARERS_AND_HCPS },
  'POST /api/v2.0/relations/auth/request': {
    allow: CARERS_AND_HCPS,
    body: (c) => ({ username: c.username('patient') }),
    status: byState({ none: 200, pending: 409, accepted: 409, rejected: 200, cancelled: 200, removed: 200 }),
    changesRelations: true,
  },
  'POST /api/v2.0/relations/auth/stop': {
    allow: CARERS_AND_HCPS,
    body: patientUid,
    status: byState({ none: 404, pending: 409, accepted: 200, rejected: 409, cancelled: 409, removed: 409 }),
    changesRelations: true,
  },
  'POST /api/v2.0/relations/auth/cancel': {
    allow: PERSONS,
    body: patientUid,
    status: byState({ none: 404, pending: 200, accepted: 409, rejected: 409, cancelled: 409, removed: 409 }),
    changesRelations: true,
  },
  // The patient decides on a pending request; another patient has no relation with that follower.
  'POST /api/v2.0/relations/auth/permit': {
    allow: PATIENTS,
    body: (c) => ({ uid: c.id('carer:pending') }),
    status: { patient: 200, otherPatient: 404 },
    changesRelations: true,
  },
  'POST /api/v2.0/relations/auth/reject': {
    allow: PATIENTS,
    body: (c) => ({ uid: c.id('hcp:pending') }),
    status: { patient: 200, otherPatient: 404 },
    changesRelations: true,
  },
  'GET /api/v2.0/relations/auth': { allow: PATIENTS },
  'GET /api/v2.0/relations/auth/todo': { allow: PATIENTS },
  'GET /api/v2.1/monitor/connections': { allow: CARERS_AND_HCPS },
  'GET /api/v2.0/invitations': { allow: CARERS_AND_HCPS },
  'POST /api/v2.0/invitations': { allow: CARERS_AND_HCPS, body: () => ({}) },

  // Follower alerts (issue 16): settings, acknowledgement and snooze by those who may change the
  // patient's settings; who is alerted only for the patient; the history for every reader.
  'GET /api/v2.0/alerts/:id/settings': { allow: SETTINGS },
  'POST /api/v2.0/alerts/:id/settings': {
    allow: SETTINGS,
    body: () => ({ on: false, settings: ALERT_SETTINGS }),
  },
  'GET /api/v2.0/alerts/:id/followers': { allow: OWN },
  'POST /api/v2.0/alerts/:id/followers': {
    allow: OWN,
    body: (c) => ({ followerId: c.id('patient'), stopped: true }),
  },
  'GET /api/v2.0/alerts/:id/history': { allow: READ },
  'POST /api/v2.0/alerts/:id/acknowledge': { allow: SETTINGS, body: () => ({ episodeId: 'none' }) },
  'POST /api/v2.0/alerts/:id/snooze': { allow: SETTINGS, body: () => ({ episodeId: 'none', minutes: 30 }) },
  'GET /api/v2.0/alerts/active': { allow: PERSONS },
  'GET /api/v2.0/alerts/push/key': { allow: PERSONS },
  'POST /api/v2.0/alerts/push/subscriptions': {
    allow: PERSONS,
    body: () => ({ endpoint: 'https://push.example/sub/1', keys: { p256dh: 'key', auth: 'auth' } }),
  },
  'DELETE /api/v2.0/alerts/push/subscriptions': {
    allow: PERSONS,
    body: () => ({ endpoint: 'https://push.example/sub/1' }),
  },
  'GET /api/v2.0/messages': { allow: CARERS_AND_HCPS },
  'GET /api/v2.0/messages/unread': { allow: CARERS_AND_HCPS },
  'POST /api/v2.0/messages/read': { allow: CARERS_AND_HCPS, body: () => ({}) },

  // Events, medical records and the profile a clinician keeps.
  'GET /api/v2.0/events/:id': { allow: READ },
  'POST /api/v2.0/events/:id/data/new': { allow: CLINICAL },
  'POST /api/v2.0/events/:id/data/delete': { allow: CLINICAL },
  'POST /api/v2.0/events/:id/data/:eid': { allow: CLINICAL, params: { eid: 'no-such-event' } },
  'GET /api/v2.0/records/:id': { allow: READ },
  'POST /api/v2.0/records/:id/data/new': { allow: CLINICAL },
  'POST /api/v2.0/records/:id/data/delete': { allow: CLINICAL },
  'POST /api/v2.0/records/:id/data/edit': { allow: CLINICAL },
  'GET /api/v2.0/patients/:id/profile': { allow: READ },
  'POST /api/v2.0/patients/:id/profile': { allow: CLINICAL },

  // Care team: every HCP reads their own operation history; an HCP group is managed by its manager
  // (an HCP who is neither a group member nor the clinic or admin login).
  // The patient list shows only patients who accepted the calling HCP; creating and deleting go
  // through the same rule (docs/PERMISSIONS.md "Clinician work").
  // The admin login keeps no patients; the clinic login reads its list but creates and deletes none.
  'GET /api/v2.0/patients': { allow: HCPS.filter((a) => a !== 'adminLogin') },
  'POST /api/v2.0/patients/new': { allow: [...followersOfKind('hcp'), ...followersOfKind('member')] },
  // Deleting names the patient: only an HCP (or member) the patient accepted gets past the policy.
  'POST /api/v2.0/patients/delete': {
    allow: ['hcp:accepted', 'member:accepted'],
    body: (c) => ({ uids: [c.id('patient')], confirm: true }),
    changesRelations: true,
  },
  'GET /api/v2.0/hcp/history': { allow: HCPS },
  'GET /api/v2.0/hcp/group/users': { allow: MANAGERS },
  'POST /api/v2.0/hcp/group/users/new': { allow: MANAGERS },
  'GET /api/v2.0/hcp/group/users/:id': { allow: MANAGERS },
  'POST /api/v2.0/hcp/group/users/:id/status': { allow: MANAGERS },
  'POST /api/v2.0/hcp/group/users/:id/delete': { allow: MANAGERS },
  'GET /api/v2.0/patients/:id/export': { allow: READ },

  // Reports (read like every other view of the patient's data).
  'GET /api/v2.0/chart/:id/datamap': { allow: READ },
  'GET /api/v2.1/chart/:id/data/ds': { allow: READ },
  'GET /api/v2.1/chart/:id/data/dd': { allow: READ },
  'GET /api/v2.1/chart/:id/data/ol': { allow: READ },
  'GET /api/v2.1/chart/:id/data/ta': { allow: READ },
  'GET /api/v2.1/chart/:id/data/lgb': { allow: READ },
  'POST /api/v2.1/data/:id': { allow: READ },
  'GET /api/v2.1/report/:id/device-settings': { allow: READ },
  'GET /api/v2.1/report/:id/events': { allow: READ },
  'GET /api/v2.1/report/:id/alerts': { allow: READ },
  'GET /api/v2.1/report/:id/fhir': { allow: READ },
  'GET /api/v2.1/report/:id/compare': { allow: READ },
  'GET /api/v2.1/report/:id/patterns': { allow: READ },

  // Account administration, part A (docs/PERMISSIONS.md "Account administration"). The cast's
  // account admin has an empty scope: it passes the access rule everywhere an account admin may go,
  // but a call naming an account answers 403 (a member outside the scope).
  'GET /api/v2.1/admin/home': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/admin/history': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/admin/admins': { allow: ['superAdmin'] },
  'POST /api/v2.1/admin/admins/new': { allow: ['superAdmin'] },
  'POST /api/v2.1/admin/admins/:id/status': { allow: ['superAdmin'], params: { id: 'accountAdmin' } },
  'POST /api/v2.1/admin/admins/:id/scope': { allow: ['superAdmin'], params: { id: 'accountAdmin' } },
  'GET /api/v2.1/admin/hcp/applications': { allow: ['adminLogin', 'accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/hcp/applications/:id/approve': {
    allow: ['adminLogin', 'accountAdmin', 'superAdmin'],
    params: { id: 'no-such-application' },
  },
  'POST /api/v2.1/admin/hcp/applications/:id/reject': {
    allow: ['adminLogin', 'accountAdmin', 'superAdmin'],
    params: { id: 'no-such-application' },
  },
  'POST /api/v2.1/admin/hcp/new': { allow: ['adminLogin', 'accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/admin/members': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/admin/members/:id': { allow: ['superAdmin'] },
  'POST /api/v2.1/admin/members/:id/lock': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/members/:id/unlock': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/members/:id/mfa-reset': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/members/:id/resend': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/members/:id/type': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/admin/members/:id/delete': { allow: ['accountAdmin', 'superAdmin'] },
  // Operations tools (issue 8, part B): account admins within their scope; the super admin manages
  // firmware releases and alone reaches the debug page; the patch app reports with its device token.
  'GET /api/v2.1/ops/clinics': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/ops/clinics': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/ops/clinics/hcp': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/ops/clinics/:id/patients': {
    allow: ['accountAdmin', 'superAdmin'],
    params: { id: 'no-such-clinic' },
  },
  'POST /api/v2.1/ops/clinics/:id': {
    allow: ['accountAdmin', 'superAdmin'],
    params: { id: 'no-such-clinic' },
  },
  'GET /api/v2.1/ops/firmware': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/ops/firmware/history': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.1/ops/firmware': { allow: ['superAdmin'] },
  'POST /api/v2.1/ops/firmware/:id': { allow: ['superAdmin'], params: { id: 'no-such-release' } },
  'POST /api/v2.1/ops/firmware/:id/state': { allow: ['superAdmin'], params: { id: 'no-such-release' } },
  'GET /api/v2.1/ops/usage': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/ops/accounts/summary': { allow: ['accountAdmin', 'superAdmin'] },
  'POST /api/v2.0/patch/results': { allow: DEVICES },
  'GET /api/v2.1/ops/patch-results': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/ops/hcl/:id': { allow: ['accountAdmin', 'superAdmin'] },
  'GET /api/v2.1/ops/debug': { allow: ['superAdmin'] },
  ...NIGHTSCOUT_ROUTES,
};

export const ROLE_SETS = {
  ANYONE,
  SIGNED_IN,
  PATIENTS,
  HCPS,
  CARERS_AND_HCPS,
  PERSONS,
  READ,
  SETTINGS,
  CLINICAL,
  OWN,
};
