import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// The homes after login not listed elsewhere (spec §2 "Homes"), follower alerts, and the data-source
// screens.

/** The live monitor: the patient's home, which HCPs open too (hcp-routes.ts). */
export const monitorScreen: Screen = lazy(() =>
  import('../features/monitor/monitor-screen').then((m) => ({ default: m.MonitorScreen })),
);

const S = {
  alerts: lazy(() => import('../features/alerts/alerts-screen').then((m) => ({ default: m.AlertsScreen }))),
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
} satisfies Record<string, Screen>;

export const PATIENT_ROUTES: readonly AppRoute[] = [
  // Homes after login not listed in another area (spec §2 "Homes"): the patient's live monitor.
  { path: '/monitor', kind: 'user', screen: monitorScreen },
  // Follower alerts (issue 16): settings, notifications on this device, who is alerted, history.
  { path: '/alerts', kind: 'user', screen: S.alerts },

  // Screens of spec §2 the route list gives no path for: PDM settings, data-source sessions and
  // options, upload history, delete data, with the monitor settings (spec §3 "Settings").
  { path: '/dataSources', kind: 'user', screen: S.dataSources },
  { path: '/dataSources/nightscout', kind: 'user', screen: S.nightscout },
  { path: '/dataSources/import', kind: 'user', screen: S.imports },
  { path: '/oauth/authorize', kind: 'user', screen: S.oauthConsent },
];
