import { localStore } from '../../../lib/storage';

// Print pages open in a new tab (spec §2 "Print pages"). The new tab starts with a copy of this
// tab's session storage (the sign-in), so no opener tricks (noopener would hide the new window
// from us and make a blocked popup undetectable).

export type Paper = 'a4' | 'letter';
const PAPER_KEY = 'reports.paper'; // i18n-scan: storage key

/** Letter where it is the usual paper (North America), A4 elsewhere; a choice made is kept. */
export function defaultPaper(locale: string = navigator.language): Paper {
  const saved = localStore().getItem(PAPER_KEY);
  if (saved === 'a4' || saved === 'letter') return saved;
  return /-(US|CA|MX|PH)$/i.test(locale) ? 'letter' : 'a4';
}

export function rememberPaper(p: Paper): void {
  localStore().setItem(PAPER_KEY, p);
}

export const isPaper = (s: string | null): s is Paper => s === 'a4' || s === 'letter';

/** Opens `url` in a new tab; false when the browser blocked it (spec §8 "popup window intercepted"). */
export function openPrintTab(url: string, open: typeof window.open = window.open.bind(window)): boolean {
  const w = open(url, '_blank');
  return w !== null && w !== undefined;
}

/**
 * What a print page is given: every choice in the address (valid days, thresholds tl th aa ab, AGP
 * band…), with the patient, the unit and the range the screen shows. A print tab starts signed in
 * (window.open copies session storage), so nothing else needs to travel.
 */
export function printQuery(
  sp: URLSearchParams,
  shown: { uid: string; unit: string; range?: { from: string; to: string } | null },
): Record<string, string | undefined> {
  const q: Record<string, string | undefined> = Object.fromEntries(sp);
  for (const k of ['back', 'autoprint', 'paper']) delete q[k];
  q.uid = shown.uid;
  q.unit = shown.unit;
  if (shown.range) Object.assign(q, { from: shown.range.from, to: shown.range.to });
  return q;
}

/** The print page's address: the report's choices plus the paper and an automatic print dialog. */
export function printUrl(path: string, query: Record<string, string | undefined>, paper: Paper): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') sp.set(k, v);
  sp.set('paper', paper);
  sp.set('autoprint', '1');
  return `${path}?${sp.toString()}`;
}
