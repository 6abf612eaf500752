import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// Every signed-in person's own screens: connections, messages, profile and password.

const S = {
  refresh: lazy(() => import('../features/auth/refresh-screen').then((m) => ({ default: m.RefreshScreen }))),
  changePassword: lazy(() =>
    import('../features/password/change-password-screen').then((m) => ({ default: m.ChangePasswordScreen })),
  ),
  profile: lazy(() =>
    import('../features/profile/profile-screen').then((m) => ({ default: m.ProfileScreen })),
  ),
  recentUpdates: lazy(() =>
    import('../features/info/recent-updates-screen').then((m) => ({ default: m.RecentUpdatesScreen })),
  ),
  patientConnections: lazy(() =>
    import('../features/connections/patient-connections-screen').then((m) => ({
      default: m.PatientConnectionsScreen,
    })),
  ),
  addConnection: lazy(() =>
    import('../features/connections/add-connection-screen').then((m) => ({ default: m.AddConnectionScreen })),
  ),
  messages: lazy(() =>
    import('../features/connections/messages-screen').then((m) => ({ default: m.MessagesScreen })),
  ),
  carerHome: lazy(() =>
    import('../features/connections/carer-home-screen').then((m) => ({ default: m.CarerHomeScreen })),
  ),
} satisfies Record<string, Screen>;

export const PERSONAL_ROUTES: readonly AppRoute[] = [
  // Other routes.
  { path: '/carerConnection', kind: 'user', screen: S.carerHome },
  { path: '/addConnection', kind: 'user', screen: S.addConnection },
  { path: '/connection', kind: 'user', screen: S.patientConnections },
  { path: '/messages', kind: 'user', screen: S.messages },
  { path: '/Profile1', kind: 'user', screen: S.profile },
  { path: '/recent-updates', kind: 'user', screen: S.recentUpdates },
  { path: '/changePassword', kind: 'user', screen: S.changePassword },
  { path: '/refresh', kind: 'user', screen: S.refresh },
];
