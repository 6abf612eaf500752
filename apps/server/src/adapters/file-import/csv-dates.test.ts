import { describe, expect, it } from 'vitest';
import { localTime } from './csv';
import { decideDateOrder } from './date-order';
import { libreColumns } from './libreview-columns';

// The pure rules of reading CSV exports: dates in either order, the 12-hour clock, and LibreView's
// columns in a language the portal has no names for.

describe('the 12-hour clock of US exports', () => {
  const at = (s: string) => new Date(localTime(s, 'UTC', 'mdy')!).toISOString();
  it('reads 12 AM as midnight, 12 PM as noon, and PM hours after noon', () => {
    expect(at('11-13-2026 12:00 AM')).toBe('2026-11-13T00:00:00.000Z');
    expect(at('11-13-2026 12:30 PM')).toBe('2026-11-13T12:30:00.000Z');
    expect(at('11-13-2026 01:15 PM')).toBe('2026-11-13T13:15:00.000Z');
    expect(at('11-13-2026 11:59 p.m.')).toBe('2026-11-13T23:59:00.000Z');
  });
  it('refuses hours a 12-hour clock does not have, and day/month dates without an order', () => {
    expect(localTime('11-13-2026 13:00 PM', 'UTC', 'mdy')).toBeNull();
    expect(localTime('11-13-2026 00:10 AM', 'UTC', 'mdy')).toBeNull();
    expect(localTime('11-12-2026 08:00', 'UTC', null)).toBeNull();
    expect(localTime('2026-11-12T08:00:00', 'UTC', null)).toBe(Date.parse('2026-11-12T08:00:00Z'));
  });
});

describe('the date order', () => {
  it('is decided by any date of the whole file, not by the first ones', () => {
    const dates = [...Array(500).fill('05-11-2026 08:00'), '13-11-2026 08:00'];
    expect(decideDateOrder(dates)).toEqual({ order: 'dmy', by: 'file', ask: null, mixed: false });
    expect(decideDateOrder(['11-05-2026', '11-30-2026'], 'dmy')).toMatchObject({ order: 'mdy', by: 'file' });
  });
  it('is asked when no date tells, taken from the person when given, and refused when mixed', () => {
    expect(decideDateOrder(['05-11-2026 08:00', '06-11-2026 08:00'])).toMatchObject({ order: null, ask: '05-11-2026 08:00' }); // prettier-ignore
    expect(decideDateOrder(['05-11-2026'], 'mdy')).toMatchObject({ order: 'mdy', by: 'user', ask: null });
    expect(decideDateOrder(['13-01-2026', '01-13-2026'])).toMatchObject({ order: null, mixed: true });
    expect(decideDateOrder(['2026-11-05 08:00'])).toEqual({ order: null, by: null, ask: null, mixed: false });
  });
});

describe('LibreView columns', () => {
  it('are found by LibreView’s layout in a language without names here (Japanese)', () => {
    const head = ['デバイス', 'シリアル番号', 'デバイスのタイムスタンプ', '記録タイプ', '過去の血糖値 mg/dL', 'スキャン血糖値 mg/dL', 'a', '超速効型インスリン (単位)', 'b', '炭水化物 (グラム)', 'c', 'd', '持効型インスリン (単位)', 'メモ', 'ストリップ血糖値 mg/dL', 'ケトン mmol/L']; // prettier-ignore
    const found = libreColumns([['血糖値データ', '作成日', 'x'], head]);
    expect(found).toEqual({
      header: 1,
      col: { time: 2, type: 3, hist: 4, scan: 5, rapid: 7, carbs: 9, long: 12, notes: 13, strip: 14 },
    });
  });
  it('are not found in a file that is neither named nor laid out as LibreView', () => {
    expect(
      libreColumns([
        ['time', 'glucose'],
        ['2026-11-12 08:00', '120'],
      ]),
    ).toBeNull();
  });
});
