import { describe, expect, it } from 'vitest';
import { TRENDS } from '@cgm/domain';
import { entryName, entryUuidOf, numberedEntryId } from './ns-entry-ids';
import type { EntryItem } from './ns-entry-item';
import { noPlainColumns, plainItems, splitPlain, type PlainJson } from './ns-entry-plain';

// Which entries an hour keeps as arrays, and that they come back from the arrays as they went in.

const HOUR = 3_600_000;
const hour = Math.floor(Date.parse('2026-11-21T07:00:00Z') / HOUR);
const plainItem = (k: number, doc: Record<string, unknown>, over: Partial<EntryItem> = {}): EntryItem => {
  const t = hour * HOUR + k * 300_000;
  const seq = 1000 + k;
  const device = typeof doc.device === 'string' ? doc.device : undefined;
  return {
    id: numberedEntryId(t, seq)!,
    ident: entryUuidOf(t, entryName(t, device, 'sgv')),
    seq,
    t,
    off: 60,
    m: 5_000 + k,
    sub: 'xDrip+',
    doc: { type: 'sgv', ...doc },
    ...over,
  };
};
/** Splits the hour's items; its plain ones as the database gives them back (PLAIN_JSON_SQL). */
function split(items: EntryItem[]) {
  const c = noPlainColumns();
  const { plain, rest } = splitPlain(hour, items, c);
  const stored: PlainJson | null = plain && [
    plain.device,
    plain.subject,
    c.t,
    c.seq,
    c.m,
    c.off,
    c.sgv,
    c.dir,
  ];
  return { plain, rest, stored, columns: c };
}

describe('plain entries of an hour', () => {
  it('come back from the arrays as they went in, every direction and none', () => {
    const items = [
      ...TRENDS.map((tr, k) => plainItem(k, { sgv: 100 + k, direction: tr.direction, device: 'G6' })),
      plainItem(9, { sgv: 40, device: 'G6' }),
    ];
    const { plain, rest, stored } = split(items);
    expect(rest).toEqual([]);
    expect(plain).toEqual({ device: 'G6', subject: 'xDrip+', count: items.length });
    expect(plainItems(hour, stored!)).toEqual(items.map((i) => ({ ...i, own: true })));
  });

  it('keep an entry without a device, and the hour’s identifiers are made without one', () => {
    const items = [plainItem(0, { sgv: 120 }), plainItem(1, { sgv: 121 })];
    const { plain, rest, stored } = split(items);
    expect(rest).toEqual([]);
    expect(plain!.device).toBeNull();
    expect(plainItems(hour, stored!)).toEqual(items.map((i) => ({ ...i, own: true })));
  });

  it('leave every other entry an item', () => {
    const fits = plainItem(0, { sgv: 120, device: 'G6' });
    const others = [
      plainItem(1, { sgv: 120, device: 'Other' }), // another device than the hour's first
      plainItem(2, { sgv: 120, device: 'G6' }, { sub: 'Loop' }), // another credential
      plainItem(3, { sgv: 120.5, device: 'G6' }),
      plainItem(4, { sgv: 120, device: 'G6', direction: 'Sideways' }),
      plainItem(5, { sgv: 120, device: 'G6', noise: 1 }),
      plainItem(6, { sgv: 120, device: 'G6' }, { id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }), // the client's _id
      plainItem(7, { sgv: 120, device: 'G6' }, { ident: 'client-ident' }),
      plainItem(8, { sgv: 120, device: 'G6' }, { c: 1 }), // changed: created earlier
      plainItem(9, { sgv: 120, device: 'G6' }, { del: true }),
      plainItem(10, { sgv: 120, device: 'G6' }, { w: true }),
      { ...plainItem(11, { sgv: 120, device: 'G6' }), doc: { type: 'mbg', mbg: 120, device: 'G6' } },
    ];
    const { plain, rest, columns } = split([fits, ...others]);
    expect(plain!.count).toBe(1);
    expect(columns.seq).toEqual([fits.seq]);
    expect(rest).toEqual(others);
    expect(split(others.slice(2)).plain).toBeNull();
  });
});
