import { describe, expect, it } from 'vitest';
import { guard, type GuardInput, type GuardSession } from './guard';
import { HOMES } from '../session/homes';
import { audienceOf, routeAudience, type Audience } from './route-audience';
import { findRoute, ROUTES } from './route-table';

const PEOPLE: Record<Audience, GuardSession> = {
  patient: { uid: 'u1', userType: 'P' },
  carer: { uid: 'u1', userType: 'M' },
  hcp: { uid: 'u1', userType: 'D', createdBy: 'register' },
  clinic: { uid: 'u1', userType: 'D', flag: { admin_login: false, clinic_login: true } },
  adminLogin: { uid: 'u1', userType: 'D', flag: { admin_login: true, clinic_login: true } },
  accountAdmin: { uid: 'u1', userType: 'A', role: 'AccountAdmin' },
};

const visit = (pathname: string, who: Audience): ReturnType<typeof guard> => {
  const input: GuardInput = {
    pathname,
    search: '',
    kind: findRoute(pathname)?.kind ?? null,
    session: PEOPLE[who],
    cookieUid: 'u1',
    hashLocale: {},
    storedLocale: { country: null, language: null },
    browserSupported: true,
  };
  return guard(input);
};

describe('route audiences', () => {
  it('names the audience of each role', () => {
    for (const [audience, session] of Object.entries(PEOPLE)) expect(audienceOf(session)).toBe(audience);
    expect(audienceOf({ userType: 'D', createdBy: 'hcp_group' })).toBe('hcp');
  });

  it('gives every signed-in route of the table someone it is for', () => {
    const signedIn = ROUTES.filter((r) => r.kind === 'user' || r.kind === 'print');
    const without = signedIn.filter((r) => !routeAudience(r.path, r.kind as 'user' | 'print')?.length);
    expect(without.map((r) => r.path)).toEqual([]);
  });

  it("opens each role's home to that role (no redirect loop)", () => {
    expect(visit(HOMES.patient, 'patient')).toEqual({ action: 'render' });
    expect(visit(HOMES.carer, 'carer')).toEqual({ action: 'render' });
    expect(visit(HOMES.hcp, 'hcp')).toEqual({ action: 'render' });
    expect(visit(HOMES.hcpGroup, 'hcp')).toEqual({ action: 'render' });
    expect(visit(HOMES.clinicLogin, 'clinic')).toEqual({ action: 'render' });
    expect(visit(HOMES.adminLogin, 'adminLogin')).toEqual({ action: 'render' });
  });

  it.each([
    ['/PatientList', 'patient', '/monitor'],
    ['/Hcp/patientProfile', 'carer', '/carerConnection'],
    ['/Hcp/events', 'clinic', '/ClinicPatientList'],
    ['/connection', 'hcp', '/HcpMenu'],
    ['/carerConnection', 'hcp', '/HcpMenu'],
    ['/ClinicPatientList', 'hcp', '/HcpMenu'],
    ['/ClinicHcp/ClinicExportData', 'carer', '/carerConnection'],
    ['/PatientList', 'adminLogin', '/CreateHCP'],
    ['/Hcp/charts/chart1', 'accountAdmin', '/accountsadmin_home'],
    ['/CreateHCP', 'hcp', '/HcpMenu'],
    ['/UserAdmin', 'adminLogin', '/CreateHCP'],
    ['/dataSources/import', 'carer', '/carerConnection'],
    ['/chart1-print', 'adminLogin', '/CreateHCP'],
  ] as const)("%s as %s goes to the user's home %s", (path, who, home) => {
    expect(visit(path, who)).toEqual({ action: 'redirect', to: home });
  });

  it.each([
    ['/Hcp', 'carer'],
    ['/Hcp', 'hcp'],
    ['/Hcp/charts', 'patient'],
    ['/Hcp/charts/chart1', 'carer'],
    ['/Hcp/charts/chart0', 'clinic'],
    ['/Hcp/monitor', 'hcp'],
    ['/ClinicHcp', 'clinic'],
    ['/monitor', 'carer'],
    ['/messages', 'carer'],
    ['/Profile1', 'accountAdmin'],
    ['/chart1-print', 'patient'],
  ] as const)('%s renders for %s', (path, who) => {
    expect(visit(path, who)).toEqual({ action: 'render' });
  });
});
