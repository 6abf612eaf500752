import type { AdminRole, CreatedBy, UserType } from '@cgm/contract';

// Homes after login (spec §2 "Homes after login", §6 "Each lands on its own home").

export interface HomeSubject {
  userType: UserType;
  createdBy?: CreatedBy | null;
  role?: AdminRole | null;
  flag?: { admin_login: boolean; clinic_login: boolean } | null;
}

export const HOMES = {
  patient: '/monitor',
  hcpGroup: '/PatientList',
  hcp: '/HcpMenu',
  carer: '/carerConnection',
  adminLogin: '/CreateHCP',
  clinicLogin: '/ClinicPatientList',
  superAdmin: '/accountsadmin_super',
  accountAdmin: '/accountsadmin_home',
} as const;

export function homeOf(user: HomeSubject): string {
  switch (user.userType) {
    case 'A':
      return user.role === 'AccountAdminSuper' ? HOMES.superAdmin : HOMES.accountAdmin;
    case 'M':
      return HOMES.carer;
    case 'P':
      return HOMES.patient;
    case 'D':
      // The admin and clinic logins are HCP accounts with a flag; the admin flag wins when both are set.
      if (user.flag?.admin_login) return HOMES.adminLogin;
      if (user.flag?.clinic_login) return HOMES.clinicLogin;
      return user.createdBy === 'hcp_group' ? HOMES.hcpGroup : HOMES.hcp;
  }
}

/**
 * An administration session (spec §4 "auto-logout after 10 minutes", §7 v2.1 logout): account
 * admins and the admin login (the HCP-application desk, an HCP account flagged admin_login). Both
 * end after 10 idle minutes, sign out through v2.1/logout and return to /managementtools.
 */
export function isAdminSession(user: HomeSubject | null): boolean {
  return user !== null && (user.userType === 'A' || (user.userType === 'D' && !!user.flag?.admin_login));
}

/** The sign-in page a user of this kind returns to (logout, expired session: spec §7). */
export function loginPageOf(user: HomeSubject | null): string {
  if (!user) return '/login';
  if (isAdminSession(user)) return '/managementtools';
  if (user.userType === 'D') return user.flag?.clinic_login ? '/clinic' : '/hcpLogin';
  return '/login';
}
