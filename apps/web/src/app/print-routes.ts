import { lazy } from 'react';
import type { AppRoute, Screen } from './app-route';

// The print pages of the reports (features/reports/print).

const S = {
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

const range = (from: number, to: number, name: (i: number) => string) =>
  Array.from({ length: to - from + 1 }, (_, k) => name(from + k));

export const PRINT_ROUTES: readonly AppRoute[] = [
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
];
