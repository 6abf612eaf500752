// Browser check of spec §5: Chrome ≥ 61.0, Edge ≥ 16.0, Firefox ≥ 55.0, Safari ≥ 8.0.8 (the spec
// writes "8.08"); a recognised browser below its minimum goes to /error.
//
// Browsers we do not recognise are let through: the spec names only these four, and the many
// engines built on them (Opera, Samsung Internet, Brave, Vivaldi and the like carry "Chrome/" in
// their user agent and are measured by it) or unusual clients (screen readers' embedded views,
// kiosk shells, bots) would otherwise be locked out of their own health data by a guess about a
// string that browsers are free to change.

export type BrowserName = 'chrome' | 'edge' | 'firefox' | 'safari';

export interface DetectedBrowser {
  name: BrowserName;
  version: string;
}

export const MINIMUM_VERSIONS: Readonly<Record<BrowserName, string>> = {
  chrome: '61.0',
  edge: '16.0',
  firefox: '55.0',
  safari: '8.0.8',
};

// Order matters: Edge carries "Chrome/" and "Safari/", Chrome carries "Safari/".
const PATTERNS: readonly [BrowserName, RegExp][] = [
  ['edge', /\b(?:Edge|Edg|EdgA|EdgiOS)\/(\d+(?:\.\d+)*)/],
  ['firefox', /\b(?:Firefox|FxiOS)\/(\d+(?:\.\d+)*)/],
  ['chrome', /\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+(?:\.\d+)*)/],
];

export function detectBrowser(userAgent: string): DetectedBrowser | null {
  for (const [name, pattern] of PATTERNS) {
    const m = pattern.exec(userAgent);
    if (m) return { name, version: m[1]! };
  }
  // Safari tells its own version in "Version/x"; "Safari/x" is the WebKit build number.
  if (/\bSafari\//.test(userAgent)) {
    const m = /\bVersion\/(\d+(?:\.\d+)*)/.exec(userAgent);
    if (m) return { name: 'safari', version: m[1]! };
  }
  return null;
}

/** Compares dotted version numbers part by part; missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** False only for a recognised browser older than its minimum. */
export function isSupportedBrowser(userAgent: string): boolean {
  const b = detectBrowser(userAgent);
  if (!b) return true;
  return compareVersions(b.version, MINIMUM_VERSIONS[b.name]) >= 0;
}
