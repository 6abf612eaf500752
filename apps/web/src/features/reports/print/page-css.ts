import type { Paper } from './open-print';
import { isolate } from '../../../lib/bidi';

// The @page rules of a print document: paper size and margins, the patient/range/unit line at
// the top of every page and "Page n of m" at the bottom (CSS page-margin boxes, which Chromium
// draws in print and in page.pdf). Texts are quoted for CSS; the page-number template carries
// PAGE and PAGES markers where the counters go.

/** A CSS string literal. */
export function cssString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
}

export const PAGE = '[[page]]';
export const PAGES = '[[pages]]';

/** "Page [[page]] of [[pages]]" → "Page " counter(page) " of " counter(pages). */
export function pageCounterContent(template: string): string {
  return template
    .split(/(\[\[pages?\]\])/)
    .filter((p) => p !== '')
    .map((p) => (p === PAGE ? 'counter(page)' : p === PAGES ? 'counter(pages)' : cssString(p)))
    .join(' ');
}

/** The line at the top of every page: patient, range and unit, each part isolated. */
export function pageHeader(name: string, from: string, to: string, unit: string): string {
  return `${isolate(name)} · ${isolate(from)} – ${isolate(to)} · ${isolate(unit)}`;
}

export function pageCss(paper: Paper, header: string, pageOf: string, dir: 'ltr' | 'rtl' = 'ltr'): string {
  const size = paper === 'letter' ? 'letter' : 'A4';
  // Right to left the header starts at the top right and the page number sits at the bottom left.
  const [head, foot] = dir === 'rtl' ? ['top-right', 'bottom-left'] : ['top-left', 'bottom-right'];
  const font = `font: 9pt system-ui, sans-serif; color: #5a6778; direction: ${dir};`;
  return `@page {
  size: ${size} portrait;
  margin: 16mm 12mm 16mm 12mm;
  @${head} { content: ${cssString(header)}; ${font} }
  @${foot} { content: ${pageCounterContent(pageOf)}; ${font} }
}`;
}
