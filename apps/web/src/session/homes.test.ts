import { describe, expect, it } from 'vitest';
import type { AdminRole, CreatedBy, UserType } from '@cgm/contract';
import { HOMES, homeOf, isAdminSession, loginPageOf, type HomeSubject } from './homes';

const createdBys: CreatedBy[] = ['register', 'hcp', 'hcp_group', 'admin', 'cli'];
const roles: (AdminRole | null)[] = ['AccountAdminSuper', 'AccountAdmin', null];
const flags = [
  { admin_login: false, clinic_login: false },
  { admin_login: true, clinic_login: false },
  { admin_login: false, clinic_login: true },
  { admin_login: true, clinic_login: true },
];
const types: UserType[] = ['P', 'D', 'M', 'A'];

function expectedHome(u: Required<HomeSubject>): string {
  if (u.userType === 'P') return HOMES.patient;
  if (u.userType === 'M') return HOMES.carer;
  if (u.userType === 'A')
    return u.role === 'AccountAdminSuper' ? '/accountsadmin_super' : '/accountsadmin_home';
  if (u.flag?.admin_login) return '/CreateHCP';
  if (u.flag?.clinic_login) return '/ClinicPatientList';
  return u.createdBy === 'hcp_group' ? '/PatientList' : '/HcpMenu';
}

const all: Required<HomeSubject>[] = types.flatMap((userType) =>
  createdBys.flatMap((createdBy) =>
    roles.flatMap((role) => flags.map((flag) => ({ userType, createdBy, role, flag }))),
  ),
);

describe('homeOf', () => {
  it.each(all)('%o', (u) => {
    expect(homeOf(u)).toBe(expectedHome(u));
  });

  it.each([
    [{ userType: 'P' }, '/monitor'],
    [{ userType: 'M' }, '/carerConnection'],
    [{ userType: 'D', createdBy: 'hcp_group' }, '/PatientList'],
    [{ userType: 'D', createdBy: 'register' }, '/HcpMenu'],
    [{ userType: 'D' }, '/HcpMenu'],
    [{ userType: 'D', flag: { admin_login: true, clinic_login: false } }, '/CreateHCP'],
    [{ userType: 'D', flag: { admin_login: false, clinic_login: true } }, '/ClinicPatientList'],
    [{ userType: 'A', role: 'AccountAdminSuper' }, '/accountsadmin_super'],
    [{ userType: 'A', role: 'AccountAdmin' }, '/accountsadmin_home'],
    [{ userType: 'A' }, '/accountsadmin_home'],
  ] as [HomeSubject, string][])('spec §2 example %o → %s', (u, home) => {
    expect(homeOf(u)).toBe(home);
  });
});

describe('loginPageOf', () => {
  it.each([
    [null, '/login'],
    [{ userType: 'P' }, '/login'],
    [{ userType: 'M' }, '/login'],
    [{ userType: 'D' }, '/hcpLogin'],
    [{ userType: 'D', flag: { admin_login: true, clinic_login: false } }, '/managementtools'],
    [{ userType: 'D', flag: { admin_login: false, clinic_login: true } }, '/clinic'],
    [{ userType: 'A', role: 'AccountAdminSuper' }, '/managementtools'],
    [{ userType: 'A' }, '/managementtools'],
  ] as [HomeSubject | null, string][])('%o → %s', (u, page) => {
    expect(loginPageOf(u)).toBe(page);
  });
});

describe('isAdminSession', () => {
  it.each([
    [null, false],
    [{ userType: 'P' }, false],
    [{ userType: 'D' }, false],
    [{ userType: 'D', flag: { admin_login: false, clinic_login: true } }, false],
    [{ userType: 'D', flag: { admin_login: true, clinic_login: false } }, true],
    [{ userType: 'A' }, true],
  ] as [HomeSubject | null, boolean][])('%o → %s', (u, admin) => {
    expect(isAdminSession(u)).toBe(admin);
  });
});
