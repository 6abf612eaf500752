import type { HomeSubject } from '../session/homes';

// Who each signed-in screen is for (issue 18 item 7). A screen of another role is never shown: the
// guard sends the visitor to their own home instead. The server still decides every access (its
// policy module); this only keeps one role from seeing another role's screens, buttons and refusals.

/** The roles of docs/PERMISSIONS.md, as far as the screens differ between them. */
export type Audience = 'patient' | 'carer' | 'hcp' | 'clinic' | 'adminLogin' | 'accountAdmin';

export function audienceOf(user: HomeSubject): Audience {
  switch (user.userType) {
    case 'A':
      return 'accountAdmin';
    case 'M':
      return 'carer';
    case 'P':
      return 'patient';
    case 'D':
      // As homeOf: the admin flag wins when both are set.
      if (user.flag?.admin_login) return 'adminLogin';
      return user.flag?.clinic_login ? 'clinic' : 'hcp';
  }
}

const EVERYONE: readonly Audience[] = ['patient', 'carer', 'hcp', 'clinic', 'adminLogin', 'accountAdmin'];
/** A patient's reports and their prints: the patient, and the followers who may read them. */
const REPORT_READERS: readonly Audience[] = ['patient', 'carer', 'hcp', 'clinic'];
const HCP: readonly Audience[] = ['hcp'];
const CLINIC: readonly Audience[] = ['clinic'];
const ADMIN: readonly Audience[] = ['accountAdmin'];
const PATIENT: readonly Audience[] = ['patient'];

/** Exact paths. */
const EXACT: Readonly<Record<string, readonly Audience[]>> = {
  // Account and tool screens whose server calls are the account admins' (route kind 'user' in spec §2).
  '/UserAdmin': ADMIN,
  '/dataStatistics': ADMIN,
  '/HCLprint': ADMIN,
  '/BasicQuantityRecord': ADMIN,
  '/CreateHCP': ['adminLogin', 'accountAdmin'],
  // Clinicians' work.
  '/PatientList': HCP,
  '/HcpMenu': HCP,
  '/newPatient': HCP,
  '/findPatient': HCP,
  '/HcpUserManagement': HCP,
  '/HcpGroupUserInfo': HCP,
  '/HcpOperationHistory': HCP,
  '/HcpAddUser': HCP,
  '/ClinicPatientList': CLINIC,
  // The patient view: the overview is every follower's first screen of a patient.
  '/Hcp': ['hcp', 'carer'],
  '/Hcp/clinic_patientProfile': CLINIC,
  '/Hcp/clinic_patientProfile2': CLINIC,
  // Other routes (spec §2): the carer's home, following, the patient's own connections and data.
  '/carerConnection': ['carer'],
  '/addConnection': ['carer'],
  '/connection': PATIENT,
  '/messages': ['carer', 'hcp', 'clinic'],
  '/monitor': ['patient', 'carer', 'hcp'],
  '/dataSources': ['patient', 'carer', 'hcp'],
  // Follower alerts: a follower's own settings and history; the patient sees and stops them.
  '/alerts': ['patient', 'carer', 'hcp'],
  '/dataSources/nightscout': PATIENT,
  '/dataSources/import': PATIENT,
  '/oauth/authorize': PATIENT,
  '/Profile1': EVERYONE,
  '/changePassword': EVERYONE,
  '/recent-updates': EVERYONE,
  '/refresh': EVERYONE,
};

/** Path prefixes, longest first: a screen added under one of them belongs to the same people. */
const PREFIXES: ReadonlyArray<readonly [string, readonly Audience[]]> = [
  ['/Hcp/charts', REPORT_READERS],
  ['/Hcp/chartSetting', REPORT_READERS],
  ['/Hcp/print', REPORT_READERS],
  ['/ClinicHcp', CLINIC],
  ['/Hcp/', HCP],
];

/** Print pages (route kind 'print') are reports on paper: the same readers as the reports. */
export function routeAudience(path: string, kind: 'user' | 'print'): readonly Audience[] | null {
  if (kind === 'print') return REPORT_READERS;
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, audience] of PREFIXES) if (path.startsWith(prefix)) return audience;
  return null;
}
