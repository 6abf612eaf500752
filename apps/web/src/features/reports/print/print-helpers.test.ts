import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../lib/storage';
import { openPrintTab, printUrl } from './open-print';
import { cssString, pageCounterContent, pageCss } from './page-css';
import { nextQuickPrintIndex, quickRange } from './quick-print';
import { quickPrintReports } from './print-screens';

describe('quick print ranges (spec §9)', () => {
  const base = { customFrom: '', customTo: '', reports: [] as never[] };
  // 2025-04-16 is a Wednesday.
  it('ends a week on yesterday, last Sunday or last Saturday', () => {
    expect(quickRange({ ...base, duration: 'week', preset: 'yesterday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-09',
      to: '2025-04-15',
    });
    expect(quickRange({ ...base, duration: 'week', preset: 'lastSunday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-07',
      to: '2025-04-13',
    });
    expect(quickRange({ ...base, duration: 'week', preset: 'lastSaturday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-06',
      to: '2025-04-12',
    });
  });
  it('ends a month and a quarter on the last day of last month or quarter', () => {
    expect(quickRange({ ...base, duration: 'month', preset: 'lastDayOfLastMonth' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-03-02',
      to: '2025-03-31',
    });
    expect(
      quickRange({ ...base, duration: 'quarter', preset: 'lastDayOfLastQuarter' }, '2025-04-16'),
    ).toEqual({ ok: true, from: '2025-01-01', to: '2025-03-31' });
  });
  it('checks a custom range against 90 days', () => {
    expect(
      quickRange(
        {
          ...base,
          duration: 'custom',
          preset: 'yesterday',
          customFrom: '2025-01-01',
          customTo: '2025-04-01',
        },
        '2025-04-16',
      ),
    ).toEqual({ ok: false, problem: 'messages.moreThan90Days' });
    expect(
      quickRange(
        {
          ...base,
          duration: 'custom',
          preset: 'yesterday',
          customFrom: '2025-02-01',
          customTo: '2025-01-01',
        },
        '2025-04-16',
      ),
    ).toEqual({ ok: false, problem: 'messages.endBeforeStart' });
  });
  it('turns the index through 1…10', () => {
    const store = memoryStore();
    const seen = Array.from({ length: 11 }, () => nextQuickPrintIndex(store));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });
  it('keeps only known reports, in print order', () => {
    expect(quickPrintReports('daily,agp,nonsense,dashboard')).toEqual(['agp', 'dashboard', 'daily']);
    expect(quickPrintReports(null)).toEqual([]);
  });
});

describe('print pages', () => {
  it('says when the browser blocked the new tab', () => {
    expect(openPrintTab('/x', () => null)).toBe(false);
    expect(openPrintTab('/x', () => ({}) as Window)).toBe(true);
  });
  it('builds the address with paper and automatic print', () => {
    expect(printUrl('/chart3-print', { uid: 'u 1', from: '2025-01-01', to: undefined }, 'letter')).toBe(
      '/chart3-print?uid=u+1&from=2025-01-01&paper=letter&autoprint=1',
    );
  });
  it('writes page size, header and page numbers as CSS', () => {
    expect(cssString('Ann "A" \\ B')).toBe('"Ann \\"A\\" \\\\ B"');
    expect(pageCounterContent('Page [[page]] of [[pages]]')).toBe(
      '"Page " counter(page) " of " counter(pages)',
    );
    expect(pageCounterContent('[[page]]/[[pages]]')).toBe('counter(page) "/" counter(pages)');
    const css = pageCss('letter', 'Ann · mg/dL', 'Page [[page]] of [[pages]]');
    expect(css).toContain('size: letter portrait');
    expect(css).toContain('@top-left { content: "Ann · mg/dL"');
    expect(pageCss('a4', '', '').includes('size: A4')).toBe(true);
  });
});
