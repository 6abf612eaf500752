// Business constants of spec §9 that are not part of a rule elsewhere in this package, and the
// browser minimums of spec §5.

/** Live monitor long poll: 118 s timeout, retry after 5 s while the user is on /monitor (spec §4, §9). */
export const MONITOR_POLL_TIMEOUT_MS = 118_000;
export const MONITOR_RETRY_MS = 5_000;
/** Admin auto-logout after 10 minutes without clicks, checked every second (spec §4, §9). */
export const ADMIN_IDLE_TIMEOUT_MS = 600_000;
export const ADMIN_IDLE_CHECK_MS = 1_000;
/** Data on the European server is kept 2 years (spec §1, §9). */
export const EU_RETENTION_YEARS = 2;

/** Oldest supported browser versions (spec §5 "Browser"; its "safari 8.08" read as Safari 8.0.8). */
export const MIN_BROWSER_VERSIONS = {
  chrome: '61.0',
  edge: '16.0',
  firefox: '55.0',
  safari: '8.0.8',
} as const;
export type BrowserName = keyof typeof MIN_BROWSER_VERSIONS;

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** True for a known browser at or above its minimum; unknown browsers are let through. */
export function isSupportedBrowser(name: string, version: string): boolean {
  const min = (MIN_BROWSER_VERSIONS as Record<string, string>)[name.toLowerCase()];
  return min === undefined || compareVersions(version, min) >= 0;
}
