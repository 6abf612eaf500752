// Imports that still cross a boundary of eslint.boundaries.js, each named by its edge:
// [the importing folder, the imported file]. Nothing may be added here: each entry goes when the
// work that removes it lands, and the list only shrinks (issue 14). The access, accounts and web
// work removed 26 of the 35 first listed; these nine remain.
const S = 'apps/server/src';

export const KNOWN_CROSSINGS = [
  // the sign-in: passwords' reset rows, and the answer's counts of unread messages and pending relations
  [`${S}/features/auth`, `${S}/features/password/password.repository.ts`],
  [`${S}/features/auth`, `${S}/features/messages/messages.repository.ts`],
  [`${S}/features/auth`, `${S}/features/relations/relations.repository.ts`],
  // registration signs the new account in and accepts the invitation it came with
  [`${S}/features/registration`, `${S}/features/auth/auth.service.ts`],
  [`${S}/features/registration`, `${S}/features/relations/invited-relation.ts`],
  // the follower's connections show the monitor's status and the patient's units
  [`${S}/features/relations`, `${S}/features/monitor/monitor.service.ts`],
  [`${S}/features/relations`, `${S}/features/patients/patient-units.ts`],
  // a relation's messages, and the apps with Nightscout access listed with a relation
  [`${S}/features/relations`, `${S}/features/messages/messages.repository.ts`],
  [`${S}/features/relations`, `${S}/features/nightscout/ns-credentials.repository.ts`],
];
