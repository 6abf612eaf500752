import { describe, expect, it } from 'vitest';
import { DEFAULT_QUICK_PRINT_DURATION } from '@cgm/domain';
import { memoryStore } from '../../../lib/storage';
import { readAgpBand, writeAgpBand } from '../report-params';
import { openPrintTab, printQuery, printUrl } from './open-print';
import { cssString, pageCounterContent, pageCss, pageHeader } from './page-css';
import { nextQuickPrintIndex, quickRange } from './quick-print';
import { quickPrintReports } from './print-screens';

describe('quick print ranges (spec §9)', () => {
  const base = { customFrom: '', customTo: '', reports: [] as never[], band: '5-95' as const };
  // 2025-04-16 is a Wednesday.
  it('starts on two weeks, the period the AGP page needs (CLINICAL.md)', () => {
    expect(DEFAULT_QUICK_PRINT_DURATION).toBe('twoWeeks');
    expect(
      quickRange({ ...base, duration: DEFAULT_QUICK_PRINT_DURATION, preset: 'yesterday' }, '2025-04-16'),
    ).toEqual({ ok: true, from: '2025-04-02', to: '2025-04-15', span: 'days' });
  });
  it('ends a week on yesterday, last Sunday or last Saturday', () => {
    expect(quickRange({ ...base, duration: 'week', preset: 'yesterday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-09',
      to: '2025-04-15',
      span: 'days',
    });
    expect(quickRange({ ...base, duration: 'week', preset: 'lastSunday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-07',
      to: '2025-04-13',
      span: 'days',
    });
    expect(quickRange({ ...base, duration: 'week', preset: 'lastSaturday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-04-06',
      to: '2025-04-12',
      span: 'days',
    });
  });
  it('prints the calendar month ending on the last day of last month', () => {
    const month = (today: string) =>
      quickRange({ ...base, duration: 'month', preset: 'lastDayOfLastMonth' }, today);
    expect(month('2025-04-16')).toEqual({
      ok: true,
      from: '2025-03-01',
      to: '2025-03-31',
      span: 'calendarMonth',
    });
    expect(month('2025-03-05')).toEqual({
      ok: true,
      from: '2025-02-01',
      to: '2025-02-28',
      span: 'calendarMonth',
    });
    expect(month('2025-01-10')).toEqual({
      ok: true,
      from: '2024-12-01',
      to: '2024-12-31',
      span: 'calendarMonth',
    });
  });
  it('prints the 30 or 90 days ending on any other end date, as the line under the choice says', () => {
    expect(quickRange({ ...base, duration: 'month', preset: 'yesterday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-03-17',
      to: '2025-04-15',
      span: 'days',
    });
    expect(quickRange({ ...base, duration: 'quarter', preset: 'lastSunday' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-01-14',
      to: '2025-04-13',
      span: 'days',
    });
    expect(quickRange({ ...base, duration: 'month', preset: 'lastDayOfLastQuarter' }, '2025-04-16')).toEqual({
      ok: true,
      from: '2025-03-02',
      to: '2025-03-31',
      span: 'days',
    });
  });
  it('prints the calendar quarter ending on the last day of last quarter, its last 90 days when longer', () => {
    const quarter = (today: string) =>
      quickRange({ ...base, duration: 'quarter', preset: 'lastDayOfLastQuarter' }, today);
    expect(quarter('2025-04-16')).toEqual({
      ok: true,
      from: '2025-01-01',
      to: '2025-03-31',
      span: 'calendarQuarter',
    });
    // Q4 has 92 days and Q2 91: a report covers at most 90, so the quarter's last 90 days print.
    expect(quarter('2025-01-16')).toEqual({
      ok: true,
      from: '2024-10-03',
      to: '2024-12-31',
      span: 'quarterClipped',
    });
    expect(quarter('2025-07-01')).toEqual({
      ok: true,
      from: '2025-04-02',
      to: '2025-06-30',
      span: 'quarterClipped',
    });
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
          customFrom: '2025-03-01',
          customTo: '2025-03-20',
        },
        '2025-04-16',
      ),
    ).toEqual({ ok: true, from: '2025-03-01', to: '2025-03-20', span: 'custom' });
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
  it('hand the print tab every choice of the address with the range and unit shown', () => {
    const sp = new URLSearchParams(
      'uid=old&from=2025-01-01&to=2025-01-05&valid=1&tl=72&th=160&aa=200&ab=90&band=10&back=3&autoprint=1&paper=a4',
    );
    expect(
      printQuery(sp, { uid: 'u1', unit: 'mmol/L', range: { from: '2025-02-01', to: '2025-02-14' } }),
    ).toEqual({
      uid: 'u1',
      from: '2025-02-01',
      to: '2025-02-14',
      valid: '1',
      tl: '72',
      th: '160',
      aa: '200',
      ab: '90',
      band: '10',
      unit: 'mmol/L',
    });
    expect(printQuery(new URLSearchParams('from=2025-01-01'), { uid: 'u1', unit: 'mg/dL' })).toEqual({
      from: '2025-01-01',
      uid: 'u1',
      unit: 'mg/dL',
    });
  });
  it('reads and writes the AGP band: 5–95 by default, 10–90 on request', () => {
    expect(readAgpBand(new URLSearchParams(''))).toBe('5-95');
    expect(readAgpBand(new URLSearchParams('band=10'))).toBe('10-90');
    expect(writeAgpBand(new URLSearchParams('uid=u'), '10-90').toString()).toBe('uid=u&band=10');
    expect(writeAgpBand(new URLSearchParams('uid=u&band=10'), '5-95').toString()).toBe('uid=u');
  });
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
  it('keeps each date of the header whole in Arabic and starts the header on the right', () => {
    // Issue 17: the Arabic header read "28 2026/08/"; each part is now a first-strong isolate.
    const header = pageHeader('سارة', '28/08/2026', '10/09/2026', 'mg/dL');
    expect(header).toBe(
      '\u2068سارة\u2069 · \u206828/08/2026\u2069 – \u206810/09/2026\u2069 · \u2068mg/dL\u2069',
    );
    const rtl = pageCss('a4', header, 'صفحة [[page]]', 'rtl');
    expect(rtl).toContain('@top-right { content: "\u2068سارة');
    expect(rtl).toContain('direction: rtl');
    expect(rtl).toContain('@bottom-left { content: "صفحة " counter(page)');
    expect(pageCss('a4', header, '[[page]]')).toContain('@top-left {');
  });
});
