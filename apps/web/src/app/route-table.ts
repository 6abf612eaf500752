import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteKind } from './guard';

// Every route of spec §2 in one table: path, kind, and the screen, or null where another piece of
// work builds it (those show the ordinary NotFound page, like any unknown address). The router is
// generated from this table and the guard reads the kind from it.

export type Screen = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  path: string;
  kind: RouteKind;
  screen: Screen | null;
}

const S = {
  personalLogin: lazy(() =>
    import('../features/auth/login-screens').then((m) => ({ default: m.PersonalLoginScreen })),
  ),
  hcpLogin: lazy(() => import('../features/auth/login-screens').then((m) => ({ default: m.HcpLoginScreen }))),
  clinicLogin: lazy(() =>
    import('../features/auth/login-screens').then((m) => ({ default: m.ClinicLoginScreen })),
  ),
  adminLogin: lazy(() =>
    import('../features/auth/login-screens').then((m) => ({ default: m.AdminLoginScreen })),
  ),
  select: lazy(() => import('../features/auth/select-screen').then((m) => ({ default: m.SelectScreen }))),
  verificationCode: lazy(() =>
    import('../features/auth/verification-code-screen').then((m) => ({ default: m.VerificationCodeScreen })),
  ),
  refresh: lazy(() => import('../features/auth/refresh-screen').then((m) => ({ default: m.RefreshScreen }))),
  sign: lazy(() => import('../features/register/sign-screen').then((m) => ({ default: m.SignScreen }))),
  hcpSign: lazy(() =>
    import('../features/register/hcp-sign-screen').then((m) => ({ default: m.HcpSignScreen })),
  ),
  personalApply: lazy(() =>
    import('../features/register/hcp-sign-screen').then((m) => ({ default: m.PersonalApplyScreen })),
  ),
  updatePassword: lazy(() =>
    import('../features/password/update-password-screen').then((m) => ({ default: m.UpdatePasswordScreen })),
  ),
  changePassword: lazy(() =>
    import('../features/password/change-password-screen').then((m) => ({ default: m.ChangePasswordScreen })),
  ),
  profile: lazy(() =>
    import('../features/profile/profile-screen').then((m) => ({ default: m.ProfileScreen })),
  ),
  unsupported: lazy(() =>
    import('../features/info/unsupported-browser-screen').then((m) => ({
      default: m.UnsupportedBrowserScreen,
    })),
  ),
  updating: lazy(() =>
    import('../features/info/updating-screen').then((m) => ({ default: m.UpdatingScreen })),
  ),
  recentUpdates: lazy(() =>
    import('../features/info/recent-updates-screen').then((m) => ({ default: m.RecentUpdatesScreen })),
  ),
  monitor: lazy(() =>
    import('../features/monitor/monitor-screen').then((m) => ({ default: m.MonitorScreen })),
  ),
  dataSources: lazy(() =>
    import('../features/data-sources/data-sources-screen').then((m) => ({ default: m.DataSourcesScreen })),
  ),
} satisfies Record<string, Screen>;

const routes = (kind: RouteKind, paths: readonly string[]): AppRoute[] =>
  paths.map((path) => ({ path, kind, screen: null }));
const range = (from: number, to: number, name: (i: number) => string) =>
  Array.from({ length: to - from + 1 }, (_, k) => name(from + k));

export const ROUTES: readonly AppRoute[] = [
  // Entry and public routes (spec §2). "/" is redirected to /login by the guard.
  { path: '/', kind: 'public', screen: null },
  { path: '/login', kind: 'public', screen: S.personalLogin },
  { path: '/sign', kind: 'public', screen: S.sign },
  { path: '/hcpSign', kind: 'public', screen: S.hcpSign },
  { path: '/hcpLogin', kind: 'public', screen: S.hcpLogin },
  { path: '/select', kind: 'public', screen: S.select },
  { path: '/updating', kind: 'public', screen: S.updating },
  { path: '/error', kind: 'public', screen: S.unsupported },
  { path: '/updatePassword', kind: 'public', screen: S.updatePassword },
  { path: '/personalApply', kind: 'public', screen: S.personalApply },
  { path: '/accountsmanagement', kind: 'public', screen: null },
  { path: '/managementtools', kind: 'public', screen: S.adminLogin },
  { path: '/verificationCode', kind: 'public', screen: S.verificationCode },
  { path: '/clinic', kind: 'public', screen: S.clinicLogin },
  // The versioned entries the guard sends token-less visitors to (spec §2 "Guard").
  { path: '/v3/login', kind: 'public', screen: S.personalLogin },
  { path: '/v3/clinic', kind: 'public', screen: S.clinicLogin },
  { path: '/v3/hcpLogin', kind: 'public', screen: S.hcpLogin },
  { path: '/v3/select', kind: 'public', screen: S.select },
  { path: '/admin/managementtools', kind: 'public', screen: S.adminLogin },

  // Account-admin screens (type Account). /managementtools, listed there too, is the public sign-in.
  ...routes('account', [
    '/accountsadmin_super',
    '/accountsadmin_home',
    '/accountsadmin_add',
    '/accountsadmin_list',
    '/accountsadmin_super_add',
    '/ClinicDataAdd',
    '/ClinicalData',
    '/otamanagement',
    '/otamanagementHistory',
    '/History',
    '/AccountSumarry',
    '/Member',
    '/DevDebug',
    '/CreateHCP_list',
    '/EasyPatchResult',
    '/createHcp',
  ]),
  // Other admin and tool routes.
  ...routes('user', ['/dataStatistics', '/HCLprint', '/UserAdmin', '/BasicQuantityRecord']),

  // HCP and user screens.
  ...routes('user', [
    '/PatientList',
    '/HcpMenu',
    '/HcpUserManagement',
    '/HcpGroupUserInfo',
    '/HcpOperationHistory',
    '/HcpAddUser',
    '/ClinicPatientList',
    '/newPatient',
    '/findPatient',
    '/CreateHCP',
    '/ClinicHcp',
    '/ClinicHcp/ClinicExportData',
    '/ClinicHcp/clinic_patientProfile2',
    '/Hcp',
    '/Hcp/charts',
    ...range(0, 9, (i) => `/Hcp/charts/chart${i}`),
    '/Hcp/chartSetting',
    '/Hcp/chartSetting/setting',
    '/Hcp/chartSetting/dateView',
    '/Hcp/chartSetting/dateView2',
  ]),
  { path: '/Hcp/monitor', kind: 'user', screen: S.monitor },
  ...routes('user', [
    '/Hcp/events',
    '/Hcp/records',
    '/Hcp/print',
    '/Hcp/patientProfile',
    '/Hcp/patientProfile2',
    '/Hcp/patientProfile3',
    '/Hcp/clinic_patientProfile',
  ]),

  // Other routes.
  ...routes('user', ['/carerConnection', '/addConnection', '/connection', '/messages']),
  { path: '/Profile1', kind: 'user', screen: S.profile },
  { path: '/recent-updates', kind: 'user', screen: S.recentUpdates },
  { path: '/changePassword', kind: 'user', screen: S.changePassword },
  { path: '/refresh', kind: 'user', screen: S.refresh },

  // Print pages.
  ...routes('print', [
    ...range(0, 7, (i) => `/chart${i}-print`),
    '/chart6-print2',
    '/chart9-print',
    '/events-print1',
    '/record-print',
    ...range(1, 10, (i) => `/quickPrint${i}`),
  ]),

  // Homes after login not listed above (spec §2 "Homes"): the patient's live monitor.
  { path: '/monitor', kind: 'user', screen: S.monitor },

  // Screens of spec §2 the route list gives no path for: PDM settings, data-source sessions and
  // options, upload history, delete data, with the monitor settings (spec §3 "Settings").
  { path: '/dataSources', kind: 'user', screen: S.dataSources },
];

const BY_PATH: ReadonlyMap<string, AppRoute> = new Map(ROUTES.map((r) => [r.path, r]));

/** Exact, case-sensitive lookup (the spec has both /CreateHCP and /createHcp). */
export function findRoute(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BY_PATH.get(path || '/');
}
