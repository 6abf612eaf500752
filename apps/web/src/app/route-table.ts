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
  firstPassword: lazy(() =>
    import('../features/auth/first-password-screen').then((m) => ({ default: m.FirstPasswordScreen })),
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
  alerts: lazy(() => import('../features/alerts/alerts-screen').then((m) => ({ default: m.AlertsScreen }))),
  monitor: lazy(() =>
    import('../features/monitor/monitor-screen').then((m) => ({ default: m.MonitorScreen })),
  ),
  dataSources: lazy(() =>
    import('../features/data-sources/data-sources-screen').then((m) => ({ default: m.DataSourcesScreen })),
  ),
  nightscout: lazy(() =>
    import('../features/nightscout/nightscout-screen').then((m) => ({ default: m.NightscoutScreen })),
  ),
  oauthConsent: lazy(() =>
    import('../features/nightscout/oauth-consent-screen').then((m) => ({ default: m.OauthConsentScreen })),
  ),
  imports: lazy(() =>
    import('../features/imports/imports-screen').then((m) => ({ default: m.ImportsScreen })),
  ),
  patientConnections: lazy(() =>
    import('../features/connections/patient-connections-screen').then((m) => ({
      default: m.PatientConnectionsScreen,
    })),
  ),
  addConnection: lazy(() =>
    import('../features/connections/add-connection-screen').then((m) => ({ default: m.AddConnectionScreen })),
  ),
  findPatient: lazy(() =>
    import('../features/connections/add-connection-screen').then((m) => ({ default: m.FindPatientScreen })),
  ),
  messages: lazy(() =>
    import('../features/connections/messages-screen').then((m) => ({ default: m.MessagesScreen })),
  ),
  carerHome: lazy(() =>
    import('../features/connections/carer-home-screen').then((m) => ({ default: m.CarerHomeScreen })),
  ),
  pvOverview: lazy(() =>
    import('./patient-overview-screens').then((m) => ({ default: m.HcpOverviewScreen })),
  ),
  pvClinicOverview: lazy(() =>
    import('./patient-overview-screens').then((m) => ({ default: m.ClinicOverviewScreen })),
  ),
  pvProfile: lazy(() =>
    import('../features/patient-view/profile-screens').then((m) => ({ default: m.PatientProfileScreen })),
  ),
  pvProfile2: lazy(() =>
    import('../features/patient-view/profile-screens').then((m) => ({ default: m.PatientProfile2Screen })),
  ),
  pvProfile3: lazy(() =>
    import('../features/patient-view/profile-screens').then((m) => ({ default: m.PatientProfile3Screen })),
  ),
  pvClinicProfile: lazy(() =>
    import('../features/patient-view/profile-screens').then((m) => ({ default: m.ClinicProfileScreen })),
  ),
  pvEvents: lazy(() =>
    import('../features/patient-view/events-screen').then((m) => ({ default: m.EventsScreen })),
  ),
  pvRecords: lazy(() =>
    import('../features/patient-view/records-screen').then((m) => ({ default: m.RecordsScreen })),
  ),
  hcpMenu: lazy(() =>
    import('../features/patient-list/patient-list-screens').then((m) => ({ default: m.HcpMenuScreen })),
  ),
  patientList: lazy(() =>
    import('../features/patient-list/patient-list-screens').then((m) => ({ default: m.PatientListScreen })),
  ),
  clinicPatientList: lazy(() =>
    import('../features/patient-list/patient-list-screens').then((m) => ({
      default: m.ClinicPatientListScreen,
    })),
  ),
  newPatient: lazy(() =>
    import('../features/patient-list/new-patient-screen').then((m) => ({ default: m.NewPatientScreen })),
  ),
  hcpOperationHistory: lazy(() =>
    import('../features/care-team/history-screen').then((m) => ({ default: m.HistoryScreen })),
  ),
  hcpUserManagement: lazy(() =>
    import('../features/care-team/user-management-screen').then((m) => ({ default: m.UserManagementScreen })),
  ),
  hcpGroupUserInfo: lazy(() =>
    import('../features/care-team/group-user-info-screen').then((m) => ({ default: m.GroupUserInfoScreen })),
  ),
  hcpAddUser: lazy(() =>
    import('../features/care-team/add-user-screen').then((m) => ({ default: m.AddUserScreen })),
  ),
  clinicExportData: lazy(() =>
    import('../features/care-team/export-screen').then((m) => ({ default: m.ExportScreen })),
  ),
  // Account administration (features/admin), its operations tools in features/admin/operations.
  adminSuperHome: lazy(() =>
    import('../features/admin/home-screens').then((m) => ({ default: m.SuperHomeScreen })),
  ),
  adminHome: lazy(() =>
    import('../features/admin/home-screens').then((m) => ({ default: m.AdminHomeScreen })),
  ),
  adminScopeEdit: lazy(() =>
    import('../features/admin/admins-screens').then((m) => ({ default: m.ScopeEditScreen })),
  ),
  adminList: lazy(() =>
    import('../features/admin/admins-screens').then((m) => ({ default: m.AdminListScreen })),
  ),
  adminSuperAdd: lazy(() =>
    import('../features/admin/admins-screens').then((m) => ({ default: m.SuperAddScreen })),
  ),
  adminHistory: lazy(() =>
    import('../features/admin/history-screen').then((m) => ({ default: m.AdminHistoryScreen })),
  ),
  adminMembers: lazy(() =>
    import('../features/admin/members-screen').then((m) => ({ default: m.MembersScreen })),
  ),
  adminMember: lazy(() =>
    import('../features/admin/member-screen').then((m) => ({ default: m.MemberScreen })),
  ),
  hcpDeskList: lazy(() =>
    import('../features/admin/desk-screens').then((m) => ({ default: m.ApplicationsScreen })),
  ),
  hcpDeskCreate: lazy(() =>
    import('../features/admin/desk-screens').then((m) => ({ default: m.CreateHcpScreen })),
  ),
  hcpDeskHome: lazy(() =>
    import('../features/admin/desk-screens').then((m) => ({ default: m.DeskHomeScreen })),
  ),
  opsClinicAdd: lazy(() =>
    import('../features/admin/operations/clinic-form-screen').then((m) => ({
      default: m.ClinicDataAddScreen,
    })),
  ),
  opsClinics: lazy(() =>
    import('../features/admin/operations/clinics-screen').then((m) => ({ default: m.ClinicalDataScreen })),
  ),
  opsFirmware: lazy(() =>
    import('../features/admin/operations/firmware-screen').then((m) => ({ default: m.OtaManagementScreen })),
  ),
  opsFirmwareHistory: lazy(() =>
    import('../features/admin/operations/firmware-history-screen').then((m) => ({
      default: m.OtaHistoryScreen,
    })),
  ),
  opsAccountSummary: lazy(() =>
    import('../features/admin/operations/account-summary-screen').then((m) => ({
      default: m.AccountSummaryScreen,
    })),
  ),
  opsDevDebug: lazy(() =>
    import('../features/admin/operations/dev-debug-screen').then((m) => ({ default: m.DevDebugScreen })),
  ),
  opsPatchResults: lazy(() =>
    import('../features/admin/operations/patch-results-screen').then((m) => ({
      default: m.PatchResultsScreen,
    })),
  ),
  opsDataStatistics: lazy(() =>
    import('../features/admin/operations/usage-screens').then((m) => ({ default: m.DataStatisticsScreen })),
  ),
  opsHclPrint: lazy(() =>
    import('../features/admin/operations/hcl-print-screen').then((m) => ({ default: m.HclPrintScreen })),
  ),
  opsBasicQuantity: lazy(() =>
    import('../features/admin/operations/usage-screens').then((m) => ({
      default: m.BasicQuantityRecordScreen,
    })),
  ),
  // Reports and printing (features/reports, docs/REPORTS.md).
  reportsHome: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.ChartsHomeScreen })),
  ),
  reportsChart0: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart0Screen })),
  ),
  reportsChart1: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart1Screen })),
  ),
  reportsChart2: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart2Screen })),
  ),
  reportsChart3: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart3Screen })),
  ),
  reportsChart4: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart4Screen })),
  ),
  reportsChart5: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart5Screen })),
  ),
  reportsChart6: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart6Screen })),
  ),
  reportsChart7: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart7Screen })),
  ),
  reportsChart8: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart8Screen })),
  ),
  reportsChart9: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.Chart9Screen })),
  ),
  reportsAgp: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.AgpScreen })),
  ),
  reportsCompare: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.CompareScreen })),
  ),
  reportsPatterns: lazy(() =>
    import('../features/reports/report-screens').then((m) => ({ default: m.PatternsScreen })),
  ),
  reportsSettings: lazy(() =>
    import('../features/reports/settings/chart-settings-screens').then((m) => ({
      default: m.ChartSettingScreen,
    })),
  ),
  reportsSetting: lazy(() =>
    import('../features/reports/settings/chart-settings-screens').then((m) => ({ default: m.SettingScreen })),
  ),
  reportsDateView: lazy(() =>
    import('../features/reports/settings/chart-settings-screens').then((m) => ({
      default: m.DateViewScreen,
    })),
  ),
  reportsDateView2: lazy(() =>
    import('../features/reports/settings/chart-settings-screens').then((m) => ({
      default: m.DateView2Screen,
    })),
  ),
  reportsPrintHub: lazy(() =>
    import('../features/reports/print/quick-print-screen').then((m) => ({ default: m.QuickPrintHubScreen })),
  ),
  printChart0Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart0Print })),
  ),
  printChart1Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart1Print })),
  ),
  printChart2Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart2Print })),
  ),
  printChart3Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart3Print })),
  ),
  printChart4Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart4Print })),
  ),
  printChart5Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart5Print })),
  ),
  printChart6Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart6Print })),
  ),
  printChart7Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart7Print })),
  ),
  printChart6Print2: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart6Print2 })),
  ),
  printChart9Print: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.Chart9Print })),
  ),
  printEventsPrint1: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.EventsPrint1 })),
  ),
  printRecordPrint: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.RecordPrint })),
  ),
  printCompare: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.ComparePrint })),
  ),
  printPatterns: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.PatternsPrint })),
  ),
  quickPrint: lazy(() =>
    import('../features/reports/print/print-screens').then((m) => ({ default: m.QuickPrintScreen })),
  ),
} satisfies Record<string, Screen>;

const REPORT_SCREENS = [
  S.reportsChart0, S.reportsChart1, S.reportsChart2, S.reportsChart3, S.reportsChart4,
  S.reportsChart5, S.reportsChart6, S.reportsChart7, S.reportsChart8, S.reportsChart9,
]; // prettier-ignore

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
  // The account-management entry of spec §2's public list: the account admins' sign-in, like /managementtools.
  { path: '/accountsmanagement', kind: 'public', screen: S.adminLogin },
  { path: '/managementtools', kind: 'public', screen: S.adminLogin },
  { path: '/verificationCode', kind: 'public', screen: S.verificationCode },
  // The first sign-in's own password when an HCP chose the first one (no session yet, like MFA).
  { path: '/firstPassword', kind: 'public', screen: S.firstPassword },
  { path: '/clinic', kind: 'public', screen: S.clinicLogin },
  // The versioned entries the guard sends token-less visitors to (spec §2 "Guard").
  { path: '/v3/login', kind: 'public', screen: S.personalLogin },
  { path: '/v3/clinic', kind: 'public', screen: S.clinicLogin },
  { path: '/v3/hcpLogin', kind: 'public', screen: S.hcpLogin },
  { path: '/v3/select', kind: 'public', screen: S.select },
  { path: '/admin/managementtools', kind: 'public', screen: S.adminLogin },

  // Account administration, one area (features/admin; docs/ADMIN-SCREENS.md): part A…
  { path: '/accountsadmin_super', kind: 'account', screen: S.adminSuperHome },
  { path: '/accountsadmin_home', kind: 'account', screen: S.adminHome },
  { path: '/accountsadmin_add', kind: 'account', screen: S.adminScopeEdit },
  { path: '/accountsadmin_list', kind: 'account', screen: S.adminList },
  { path: '/accountsadmin_super_add', kind: 'account', screen: S.adminSuperAdd },
  { path: '/History', kind: 'account', screen: S.adminHistory },
  { path: '/Member', kind: 'account', screen: S.adminMembers },
  { path: '/CreateHCP_list', kind: 'account', screen: S.hcpDeskList },
  { path: '/createHcp', kind: 'account', screen: S.hcpDeskCreate },
  { path: '/UserAdmin', kind: 'user', screen: S.adminMember },
  { path: '/CreateHCP', kind: 'user', screen: S.hcpDeskHome },
  // …and its operations tools, part B (features/admin/operations). /managementtools, listed there
  // too, is the public sign-in.
  { path: '/ClinicDataAdd', kind: 'account', screen: S.opsClinicAdd },
  { path: '/ClinicalData', kind: 'account', screen: S.opsClinics },
  { path: '/otamanagement', kind: 'account', screen: S.opsFirmware },
  { path: '/otamanagementHistory', kind: 'account', screen: S.opsFirmwareHistory },
  { path: '/AccountSumarry', kind: 'account', screen: S.opsAccountSummary },
  { path: '/DevDebug', kind: 'account', screen: S.opsDevDebug },
  { path: '/EasyPatchResult', kind: 'account', screen: S.opsPatchResults },
  // Other admin and tool routes (features/admin/operations), of type User.
  { path: '/dataStatistics', kind: 'user', screen: S.opsDataStatistics },
  { path: '/HCLprint', kind: 'user', screen: S.opsHclPrint },
  { path: '/BasicQuantityRecord', kind: 'user', screen: S.opsBasicQuantity },

  // HCP and user screens.
  { path: '/PatientList', kind: 'user', screen: S.patientList },
  { path: '/HcpMenu', kind: 'user', screen: S.hcpMenu },
  { path: '/ClinicPatientList', kind: 'user', screen: S.clinicPatientList },
  { path: '/newPatient', kind: 'user', screen: S.newPatient },
  { path: '/HcpUserManagement', kind: 'user', screen: S.hcpUserManagement },
  { path: '/HcpGroupUserInfo', kind: 'user', screen: S.hcpGroupUserInfo },
  { path: '/HcpOperationHistory', kind: 'user', screen: S.hcpOperationHistory },
  { path: '/HcpAddUser', kind: 'user', screen: S.hcpAddUser },
  { path: '/ClinicHcp/ClinicExportData', kind: 'user', screen: S.clinicExportData },
  // Reports (features/reports; docs/REPORTS.md maps chart0–chart9 to the reports).
  { path: '/Hcp/charts', kind: 'user', screen: S.reportsHome },
  ...REPORT_SCREENS.map((screen, i): AppRoute => ({ path: `/Hcp/charts/chart${i}`, kind: 'user', screen })),
  // The AGP report on screen (issue 17), besides its print page chart6-print2.
  { path: '/Hcp/charts/agp', kind: 'user', screen: S.reportsAgp },
  // Two periods compared and glucose patterns (issue 18), with their print pages.
  { path: '/Hcp/charts/compare', kind: 'user', screen: S.reportsCompare },
  { path: '/Hcp/charts/patterns', kind: 'user', screen: S.reportsPatterns },
  { path: '/Hcp/chartSetting', kind: 'user', screen: S.reportsSettings },
  { path: '/Hcp/chartSetting/setting', kind: 'user', screen: S.reportsSetting },
  { path: '/Hcp/chartSetting/dateView', kind: 'user', screen: S.reportsDateView },
  { path: '/Hcp/chartSetting/dateView2', kind: 'user', screen: S.reportsDateView2 },
  { path: '/findPatient', kind: 'user', screen: S.findPatient },
  { path: '/Hcp/monitor', kind: 'user', screen: S.monitor },
  // The patient view (issue 5: features/patient-view).
  { path: '/ClinicHcp', kind: 'user', screen: S.pvClinicOverview },
  { path: '/ClinicHcp/clinic_patientProfile2', kind: 'user', screen: S.pvClinicProfile },
  { path: '/Hcp', kind: 'user', screen: S.pvOverview },
  { path: '/Hcp/events', kind: 'user', screen: S.pvEvents },
  { path: '/Hcp/records', kind: 'user', screen: S.pvRecords },
  { path: '/Hcp/patientProfile', kind: 'user', screen: S.pvProfile },
  { path: '/Hcp/patientProfile2', kind: 'user', screen: S.pvProfile2 },
  { path: '/Hcp/patientProfile3', kind: 'user', screen: S.pvProfile3 },
  { path: '/Hcp/clinic_patientProfile', kind: 'user', screen: S.pvClinicProfile },
  { path: '/Hcp/clinic_patientProfile2', kind: 'user', screen: S.pvClinicProfile },
  { path: '/Hcp/print', kind: 'user', screen: S.reportsPrintHub },

  // Other routes.
  { path: '/carerConnection', kind: 'user', screen: S.carerHome },
  { path: '/addConnection', kind: 'user', screen: S.addConnection },
  { path: '/connection', kind: 'user', screen: S.patientConnections },
  { path: '/messages', kind: 'user', screen: S.messages },
  { path: '/Profile1', kind: 'user', screen: S.profile },
  { path: '/recent-updates', kind: 'user', screen: S.recentUpdates },
  { path: '/changePassword', kind: 'user', screen: S.changePassword },
  { path: '/refresh', kind: 'user', screen: S.refresh },

  // Print pages.
  { path: '/chart0-print', kind: 'print', screen: S.printChart0Print },
  { path: '/chart1-print', kind: 'print', screen: S.printChart1Print },
  { path: '/chart2-print', kind: 'print', screen: S.printChart2Print },
  { path: '/chart3-print', kind: 'print', screen: S.printChart3Print },
  { path: '/chart4-print', kind: 'print', screen: S.printChart4Print },
  { path: '/chart5-print', kind: 'print', screen: S.printChart5Print },
  { path: '/chart6-print', kind: 'print', screen: S.printChart6Print },
  { path: '/chart7-print', kind: 'print', screen: S.printChart7Print },
  { path: '/chart6-print2', kind: 'print', screen: S.printChart6Print2 },
  { path: '/chart9-print', kind: 'print', screen: S.printChart9Print },
  { path: '/events-print1', kind: 'print', screen: S.printEventsPrint1 },
  { path: '/record-print', kind: 'print', screen: S.printRecordPrint },
  { path: '/compare-print', kind: 'print', screen: S.printCompare },
  { path: '/patterns-print', kind: 'print', screen: S.printPatterns },
  ...range(1, 10, (i) => `/quickPrint${i}`).map((path): AppRoute => ({
    path,
    kind: 'print',
    screen: S.quickPrint,
  })),

  // Homes after login not listed above (spec §2 "Homes"): the patient's live monitor.
  { path: '/monitor', kind: 'user', screen: S.monitor },
  // Follower alerts (issue 16): settings, notifications on this device, who is alerted, history.
  { path: '/alerts', kind: 'user', screen: S.alerts },

  // Screens of spec §2 the route list gives no path for: PDM settings, data-source sessions and
  // options, upload history, delete data, with the monitor settings (spec §3 "Settings").
  { path: '/dataSources', kind: 'user', screen: S.dataSources },
  { path: '/dataSources/nightscout', kind: 'user', screen: S.nightscout },
  { path: '/dataSources/import', kind: 'user', screen: S.imports },
  { path: '/oauth/authorize', kind: 'user', screen: S.oauthConsent },
];

const BY_PATH: ReadonlyMap<string, AppRoute> = new Map(ROUTES.map((r) => [r.path, r]));

/** Exact, case-sensitive lookup (the spec has both /CreateHCP and /createHcp). */
export function findRoute(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BY_PATH.get(path || '/');
}
