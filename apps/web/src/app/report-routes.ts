import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// Reports on screen (features/reports; docs/REPORTS.md maps chart0–chart9 to the reports).

const S = {
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
} satisfies Record<string, Screen>;

const REPORT_SCREENS = [
  S.reportsChart0, S.reportsChart1, S.reportsChart2, S.reportsChart3, S.reportsChart4,
  S.reportsChart5, S.reportsChart6, S.reportsChart7, S.reportsChart8, S.reportsChart9,
]; // prettier-ignore

export const REPORT_ROUTES: readonly AppRoute[] = [
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
];
