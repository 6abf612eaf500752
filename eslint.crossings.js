// Imports that still cross a boundary of eslint.boundaries.js, each named by its edge:
// [the importing folder (or composition-root file), the imported file]. Nothing may be added here:
// each entry goes when the work that removes it lands, and the list only shrinks (issue 14).
const S = 'apps/server/src';
const W = 'apps/web/src';

export const KNOWN_CROSSINGS = [
  // --- accounts/ (createAccount, users, codes, sessions, passwords) removes these ---------------
  [`${S}/app.ts`, `${S}/features/auth/session.store.ts`],
  [`${S}/register-features.ts`, `${S}/features/auth/session.store.ts`],
  [`${S}/features/admin-accounts`, `${S}/features/registration/convert-to-hcp.ts`],
  [`${S}/features/admin-accounts`, `${S}/features/registration/registration.repository.ts`],
  [`${S}/features/admin-accounts`, `${S}/features/registration/hcp.service.ts`],
  [`${S}/features/care-team`, `${S}/features/registration/registration.repository.ts`],
  [`${S}/features/care-team`, `${S}/cli/create-user.ts`],
  [`${S}/features/clinics`, `${S}/cli/create-user.ts`],
  [`${S}/features/firmware`, `${S}/features/registration/registration.repository.ts`],
  [`${S}/features/patients`, `${S}/features/registration/registration.repository.ts`],
  [`${S}/features/auth`, `${S}/features/password/password.repository.ts`],
  [`${S}/features/password`, `${S}/features/auth/codes.service.ts`],
  [`${S}/features/password`, `${S}/features/auth/users.repository.ts`],
  [`${S}/features/profile`, `${S}/features/auth/users.repository.ts`],
  [`${S}/features/registration`, `${S}/features/auth/codes.service.ts`],
  [`${S}/features/registration`, `${S}/features/auth/users.repository.ts`],
  [`${S}/features/registration`, `${S}/features/auth/auth.service.ts`],
  [`${S}/features/registration`, `${S}/features/relations/invited-relation.ts`],
  // --- access/ (device token, Nightscout principal) removes these --------------------------------
  [`${S}/policy`, `${S}/features/nightscout/ns-auth.ts`],
  [`${S}/features/patch-results`, `${S}/features/ingest/devices.service.ts`],
  // --- still to invert through the composition root (not yet taken up) ---------------------------
  // the sign-in answer's counts of unread messages and pending relations
  [`${S}/features/auth`, `${S}/features/messages/messages.repository.ts`],
  [`${S}/features/auth`, `${S}/features/relations/relations.repository.ts`],
  // the follower's connections show the monitor's status and the patient's units
  [`${S}/features/relations`, `${S}/features/monitor/monitor.service.ts`],
  [`${S}/features/relations`, `${S}/features/patients/patient-units.ts`],
  // a relation's messages, and the apps with Nightscout access listed with a relation
  [`${S}/features/relations`, `${S}/features/messages/messages.repository.ts`],
  [`${S}/features/relations`, `${S}/features/nightscout/ns-credentials.repository.ts`],
  // --- the web's feature areas (admin and operations as one area, shared rules) ------------------
  [`${W}/features/auth`, `${W}/features/password/password-rules.ts`],
  [`${W}/features/operations`, `${W}/features/admin/admin-ui.tsx`],
  [`${W}/features/reports`, `${W}/features/patient-view/profile-facts.tsx`],
];
