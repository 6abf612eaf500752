import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// Account administration (features/admin; docs/ADMIN-SCREENS.md) and its operations tools
// (features/admin/operations).

const S = {
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
} satisfies Record<string, Screen>;

export const ADMIN_ROUTES: readonly AppRoute[] = [
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
];
