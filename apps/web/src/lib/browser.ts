// Browser check of spec §5: Chrome ≥ 61.0, Edge ≥ 16.0, Firefox ≥ 55.0, Safari ≥ 8.0.8 (the spec
// writes "8.08"); a recognised browser below its minimum goes to /error.
//
// Internet Explorer is refused by name. Other browsers we do not recognise are let through: the spec names only these four, and the many
// engines built on them (Opera, Samsung Internet, Brave, Vivaldi and the like carry "Chrome/" in
// their user agent and are measured by it) or unusual clients (screen readers' embedded views,
// kiosk shells, bots) would otherwise be locked out of their own health data by a guess about a
// string that browsers are free to change.

import { isSupportedBrowser as supportedVersion, MIN_BROWSER_VERSIONS, type BrowserName } from '@cgm/domain';

export type { BrowserName };

export interface DetectedBrowser {
  name: BrowserName;
  version: string;
}

/** The minimum versions (one table, in the domain); public/early check gets the same table at build. */
export const MINIMUM_VERSIONS: Readonly<Record<BrowserName, string>> = MIN_BROWSER_VERSIONS;

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

// Internet Explorer (every version, "MSIE" up to 10, "Trident/" in 11) is none of spec §5's four
// browsers, cannot run the app and is no longer updated: it goes to /error like an old browser.
const RETIRED = /\b(?:MSIE |Trident\/)/;

/** False for Internet Explorer and for a recognised browser older than its minimum. */
export function isSupportedBrowser(userAgent: string): boolean {
  if (RETIRED.test(userAgent)) return false;
  const b = detectBrowser(userAgent);
  return !b || supportedVersion(b.name, b.version);
}
