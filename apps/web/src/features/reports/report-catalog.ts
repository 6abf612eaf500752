// Which report lives behind which route (docs/REPORTS.md). The spec names the screens
// /Hcp/charts/chart0–chart9 and the print pages chart0-print … chart7-print, chart6-print2,
// chart9-print, events-print1, record-print without saying which report each is; this table is the
// one place that decides, so the screens, the print pages and quick print agree.

export type ReportId =
  | 'dashboard'
  | 'daily'
  | 'overlay'
  | 'trend'
  | 'logbook'
  | 'segment'
  | 'deviceSettings'
  | 'alerts'
  | 'events'
  | 'records'
  | 'agp'
  | 'compare'
  | 'patterns';

export interface ReportEntry {
  id: ReportId;
  /** The /Hcp/charts/chart{n} screen, or null for a report that only prints (the AGP page). */
  chart: number | null;
  /** Longest range in days (spec §5: 14 for the day-by-day views, 90 otherwise); null: no range. */
  maxDays: 14 | 90 | null;
  /** The print page of the report. */
  print: string;
  /**
   * Whether "valid days only" changes the report (statistics, profiles, overlay curves, logbook):
   * offered only there. The daily report shows each day as it is, events and alerts are lists.
   */
  validDays: boolean;
}

export const REPORTS: readonly ReportEntry[] = [
  { id: 'dashboard', chart: 0, maxDays: 90, print: '/chart0-print', validDays: true },
  { id: 'daily', chart: 1, maxDays: 14, print: '/chart1-print', validDays: false },
  { id: 'overlay', chart: 2, maxDays: 14, print: '/chart2-print', validDays: true },
  { id: 'trend', chart: 3, maxDays: 90, print: '/chart3-print', validDays: true },
  { id: 'logbook', chart: 4, maxDays: 90, print: '/chart4-print', validDays: true },
  { id: 'segment', chart: 5, maxDays: 90, print: '/chart5-print', validDays: true },
  { id: 'deviceSettings', chart: 6, maxDays: null, print: '/chart6-print', validDays: false },
  { id: 'alerts', chart: 7, maxDays: 90, print: '/chart7-print', validDays: false },
  { id: 'events', chart: 8, maxDays: 90, print: '/events-print1', validDays: false },
  { id: 'records', chart: 9, maxDays: null, print: '/chart9-print', validDays: false },
  { id: 'agp', chart: null, maxDays: 90, print: '/chart6-print2', validDays: true },
  // Issue 18: two periods side by side, and glucose patterns. Both use every day of their range.
  { id: 'compare', chart: null, maxDays: 90, print: '/compare-print', validDays: false },
  { id: 'patterns', chart: null, maxDays: 90, print: '/patterns-print', validDays: false },
];

/** record-print prints the records report too (the spec lists both paths). */
export const RECORD_PRINT_ALIAS = '/record-print';

const BY_ID = new Map(REPORTS.map((r) => [r.id, r]));

export function reportById(id: ReportId): ReportEntry {
  return BY_ID.get(id)!;
}

export function reportOfChart(chart: number): ReportEntry | undefined {
  return REPORTS.find((r) => r.chart === chart);
}

export const chartPath = (chart: number) => `/Hcp/charts/chart${chart}`;

/**
 * The AGP report's screen. The spec's chart0–chart9 are taken by the other reports; the AGP is on
 * the screen as well as on its print page (chart6-print2) so a clinician reads the same page on both.
 */
export const AGP_SCREEN_PATH = '/Hcp/charts/agp';

/** The screens of the reports the spec does not name (issue 18). */
export const COMPARE_SCREEN_PATH = '/Hcp/charts/compare';
export const PATTERNS_SCREEN_PATH = '/Hcp/charts/patterns';

const OWN_SCREENS: Partial<Record<ReportId, string>> = {
  agp: AGP_SCREEN_PATH,
  compare: COMPARE_SCREEN_PATH,
  patterns: PATTERNS_SCREEN_PATH,
};

/** Where a report is shown on screen, or null for one that only prints. */
export function screenPathOf(entry: ReportEntry): string | null {
  if (entry.chart !== null) return chartPath(entry.chart);
  return OWN_SCREENS[entry.id] ?? null;
}

/** The screens in tab order: the AGP first (the standard summary), then chart0–chart9, then compare and patterns. */
export const SCREEN_REPORTS: readonly ReportEntry[] = [
  reportById('agp'),
  ...REPORTS.filter((r) => r.chart !== null),
  reportById('compare'),
  reportById('patterns'),
];

/** Reports a quick print may hold, in the order they print. */
export const QUICK_PRINT_REPORTS: readonly ReportId[] = [
  'agp',
  'dashboard',
  'trend',
  'daily',
  'overlay',
  'logbook',
  'segment',
  'deviceSettings',
  'events',
  'alerts',
  'records',
];

export function isReportId(s: string): s is ReportId {
  return BY_ID.has(s as ReportId);
}
