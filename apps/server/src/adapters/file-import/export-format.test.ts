import { describe, expect, it } from 'vitest';
import { csvField, exportCsv, exportJson, localTime, offsetText, type ExportData } from './export-format';

describe('csvField (RFC 4180)', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    [12.5, '12.5'],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('writes %j as %s', (value, text) => {
    expect(csvField(value)).toBe(text);
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx'])('defuses free text %j a spreadsheet would run', (text) => {
    expect(csvField(text, true).replace(/^"|"$/g, '')).toMatch(/^'/);
  });

  it.each([' =1+1', '  +cmd', '\u00a0-2', '＝1+1', ' ＋1', '－1', '＠SUM(A1)', '\nx'])(
    'defuses free text %j: a formula after blanks, or in full-width characters',
    (text) => {
      expect(csvField(text, true).replace(/^"|"$/g, '')).toMatch(/^'/);
    },
  );

  it('leaves numbers and non-free text as they are', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-05:00')).toBe('-05:00');
    expect(csvField('felt low = shaky', true)).toBe('felt low = shaky');
  });
});

describe('local time and offset', () => {
  it('writes the wall clock where the record was made', () => {
    const t = Date.parse('2026-03-29T00:30:00Z');
    expect(localTime(t, 60)).toBe('2026-03-29 01:30:00');
    expect(localTime(t, -300)).toBe('2026-03-28 19:30:00');
    expect(localTime(t, 330)).toBe('2026-03-29 06:00:00');
  });

  it.each([
    [0, '+00:00'],
    [60, '+01:00'],
    [330, '+05:30'],
    [-300, '-05:00'],
    [-570, '-09:30'],
    [840, '+14:00'],
  ])('offset %i minutes is %s', (min, text) => {
    expect(offsetText(min)).toBe(text);
  });
});

const empty = (over: Partial<ExportData> = {}): ExportData => ({
  patient: { uid: 'u1', name: 'Ann, "A"' },
  from: '2026-11-02',
  to: '2026-11-02',
  generatedAt: Date.parse('2026-11-03T00:00:00Z'),
  sg: {
    time: new Float64Array(0),
    mgdl: new Float64Array(0),
    utcOffsetMin: new Int16Array(0),
    flag: new Uint8Array(0),
  },
  bg: [],
  basal: [],
  bolus: [],
  events: [],
  ...over,
});

describe('whole files', () => {
  it('quotes the patient name in the CSV header', () => {
    const text = [...exportCsv(empty())].join('');
    expect(text.startsWith('\uFEFFPatient,"Ann, ""A"""\r\nPatient ID,u1\r\n')).toBe(true);
  });

  it('writes valid JSON across chunk boundaries', () => {
    const n = 4_500;
    const sg = {
      time: Float64Array.from({ length: n }, (_, i) => Date.parse('2026-11-02T00:00:00Z') + i * 120_000),
      mgdl: Float64Array.from({ length: n }, (_, i) => (i === 7 ? NaN : 90 + (i % 10))),
      utcOffsetMin: new Int16Array(n),
      flag: Uint8Array.from({ length: n }, (_, i) => (i === 7 ? 7 : 0)),
    };
    const parsed = JSON.parse([...exportJson(empty({ sg }))].join('')) as {
      sg: Array<Record<string, unknown>>;
    };
    expect(parsed.sg).toHaveLength(n);
    expect(parsed.sg[7]).toMatchObject({ mgdl: null, mmol: null, flag: 'H' });
    expect(parsed.sg[4_499]).toMatchObject({ mgdl: 99, mmol: 5.5, flag: null, local: '2026-11-08 05:58:00' });
  });
});
