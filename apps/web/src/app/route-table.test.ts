import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS, VERSIONED_ENTRIES } from './guard';
import { HOMES } from '../session/homes';
import { findRoute, ROUTES } from './route-table';

// The routes of spec §2, written out again here so a lost or renamed route fails a test.
const SPEC: Record<string, string[]> = {
  public: [...PUBLIC_PATHS],
  account: [
    '/accountsadmin_super', '/accountsadmin_home', '/accountsadmin_add', '/accountsadmin_list',
    '/accountsadmin_super_add', '/ClinicDataAdd', '/ClinicalData', '/otamanagement', '/otamanagementHistory',
    '/History', '/AccountSumarry', '/Member', '/DevDebug', '/CreateHCP_list', '/EasyPatchResult', '/createHcp',
  ],
  user: [
    '/dataStatistics', '/HCLprint', '/UserAdmin', '/BasicQuantityRecord',
    '/PatientList', '/HcpMenu', '/HcpUserManagement', '/HcpGroupUserInfo', '/HcpOperationHistory', '/HcpAddUser',
    '/ClinicPatientList', '/newPatient', '/findPatient', '/CreateHCP',
    '/ClinicHcp', '/ClinicHcp/ClinicExportData', '/ClinicHcp/clinic_patientProfile2',
    '/Hcp', '/Hcp/charts', '/Hcp/charts/chart0', '/Hcp/charts/chart1', '/Hcp/charts/chart2', '/Hcp/charts/chart3',
    '/Hcp/charts/chart4', '/Hcp/charts/chart5', '/Hcp/charts/chart6', '/Hcp/charts/chart7', '/Hcp/charts/chart8',
    '/Hcp/charts/chart9', '/Hcp/chartSetting', '/Hcp/chartSetting/setting', '/Hcp/chartSetting/dateView',
    '/Hcp/chartSetting/dateView2', '/Hcp/monitor', '/Hcp/events', '/Hcp/records', '/Hcp/print',
    '/Hcp/patientProfile', '/Hcp/patientProfile2', '/Hcp/patientProfile3', '/Hcp/clinic_patientProfile',
    '/Hcp/clinic_patientProfile2',
    '/carerConnection', '/addConnection', '/connection', '/messages', '/Profile1', '/recent-updates',
    '/changePassword', '/refresh', '/monitor',
    // Added by the product (issue 7: Nightscout, imports, OAuth consent), not in spec §2.
    '/dataSources/nightscout', '/dataSources/import', '/oauth/authorize',
  ],
  print: [
    '/chart0-print', '/chart1-print', '/chart2-print', '/chart3-print', '/chart4-print', '/chart5-print',
    '/chart6-print', '/chart7-print', '/chart6-print2', '/chart9-print', '/events-print1', '/record-print',
    '/quickPrint1', '/quickPrint2', '/quickPrint3', '/quickPrint4', '/quickPrint5', '/quickPrint6',
    '/quickPrint7', '/quickPrint8', '/quickPrint9', '/quickPrint10',
  ],
}; // prettier-ignore

// The screens this piece of work builds; everything else is null (NotFound) until its turn.
/** Every route has a working screen, except the root, which the guard redirects to /login. */
const WITHOUT_SCREEN = ['/'];

// Screens of spec §2 without a path in its route list get one of ours.
const ADDED = [
  { path: '/dataSources', kind: 'user' },
  // The AGP report on screen (issue 17; its print page is the spec's chart6-print2).
  { path: '/Hcp/charts/agp', kind: 'user' },
  // Two periods compared and glucose patterns (issue 18), and their print pages.
  { path: '/Hcp/charts/compare', kind: 'user' },
  { path: '/Hcp/charts/patterns', kind: 'user' },
  { path: '/compare-print', kind: 'print' },
  { path: '/patterns-print', kind: 'print' },
  // Follower alerts (issue 16).
  { path: '/alerts', kind: 'user' },
  // The first sign-in's own password (an HCP chose the first one): before any session, like MFA.
  { path: '/firstPassword', kind: 'public' },
];

describe('route table', () => {
  const expected = [
    ...Object.entries(SPEC).flatMap(([kind, paths]) => paths.map((path) => ({ path, kind }))),
    ...ADDED,
  ];

  it.each(expected)('has $path as $kind', ({ path, kind }) => {
    expect(findRoute(path)?.kind).toBe(kind);
  });

  it('has nothing else but the root and the versioned entries', () => {
    const known = new Set([...expected.map((e) => e.path), '/', ...Object.values(VERSIONED_ENTRIES)]);
    expect(ROUTES.filter((r) => !known.has(r.path)).map((r) => r.path)).toEqual([]);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('makes the versioned entries public and gives them the same screen', () => {
    for (const [plain, versioned] of Object.entries(VERSIONED_ENTRIES)) {
      expect(findRoute(versioned)?.kind).toBe('public');
      expect(findRoute(versioned)?.screen).toBe(findRoute(plain)?.screen);
    }
  });

  it('has a route for every home', () => {
    for (const home of Object.values(HOMES)) expect(findRoute(home)).toBeDefined();
  });

  it.each(ROUTES.map((r) => [r.path, r.screen !== null] as const))('%s has a screen: %s', (path, has) => {
    expect(has).toBe(!WITHOUT_SCREEN.includes(path));
  });

  it('matches exactly and case-sensitively', () => {
    expect(findRoute('/CreateHCP')?.kind).toBe('user');
    expect(findRoute('/createHcp')?.kind).toBe('account');
    expect(findRoute('/createhcp')).toBeUndefined();
    expect(findRoute('/login/')?.path).toBe('/login');
    expect(findRoute('/login/x')).toBeUndefined();
  });

  it('lets /clinic and /managementtools share the sign-in screen component family', () => {
    expect(findRoute('/clinic')?.screen).not.toBeNull();
    expect(findRoute('/managementtools')?.screen).not.toBeNull();
  });
});
