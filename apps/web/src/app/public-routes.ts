import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// Entry and public routes (spec §2): the sign-ins, registration, and the pages shown before one.

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
  unsupported: lazy(() =>
    import('../features/info/unsupported-browser-screen').then((m) => ({
      default: m.UnsupportedBrowserScreen,
    })),
  ),
  updating: lazy(() =>
    import('../features/info/updating-screen').then((m) => ({ default: m.UpdatingScreen })),
  ),
} satisfies Record<string, Screen>;

export const PUBLIC_ROUTES: readonly AppRoute[] = [
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
];
