import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';
import { REPORT_ROUTES } from './report-routes';
import { monitorScreen } from './patient-routes';

// The screens of HCPs and clinics: patient lists, the care team, the patient view and its reports.

const S = {
  findPatient: lazy(() =>
    import('../features/connections/add-connection-screen').then((m) => ({ default: m.FindPatientScreen })),
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
  reportsPrintHub: lazy(() =>
    import('../features/reports/print/quick-print-screen').then((m) => ({ default: m.QuickPrintHubScreen })),
  ),
} satisfies Record<string, Screen>;

export const HCP_ROUTES: readonly AppRoute[] = [
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
  ...REPORT_ROUTES,
  { path: '/findPatient', kind: 'user', screen: S.findPatient },
  { path: '/Hcp/monitor', kind: 'user', screen: monitorScreen },
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
];
