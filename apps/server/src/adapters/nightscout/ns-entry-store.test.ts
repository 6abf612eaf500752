import { describe, expect, it } from 'vitest';
import { entryUuidOf, newObjectId, uuidOf } from '../../features/nightscout/ns-docs';
import { entryDoc, entryHourOf, entryItem, hourHint } from './ns-entry-store';

// What an entry's item keeps, and how an `_id` or identifier names the hour row it is in.

const at = Date.parse('2026-11-21T07:25:00.123Z');
const iso = new Date(at).toISOString();
const fields = { id: 'a', ident: 'b', seq: 7, t: at, off: 60, m: 2, c: 1 };

describe('entryItem and entryDoc', () => {
  it('leaves out the fields the time rebuilds, and rebuilds them exactly', () => {
    const doc = {
      type: 'sgv',
      sgv: 120,
      date: at,
      dateString: iso,
      sysTime: iso,
      utcOffset: 60,
      x: { y: 1 },
    };
    const item = entryItem({ ...fields }, doc);
    expect(item.doc).toEqual({ type: 'sgv', sgv: 120, x: { y: 1 } });
    expect(item.w).toBeUndefined();
    expect(entryDoc(item)).toEqual(doc);
  });

  it('keeps the whole document when a field differs from what the time rebuilds', () => {
    const doc = { type: 'sgv', sgv: 120, date: at, dateString: iso, sysTime: iso, utcOffset: 0 };
    const item = entryItem({ ...fields }, doc);
    expect(item).toMatchObject({ w: true, doc });
    expect(entryDoc(item)).toEqual(doc);
  });

  it('keeps the whole document of a year SQL would write otherwise', () => {
    const far = Date.parse('+012000-01-01T00:00:00.000Z');
    const farIso = new Date(far).toISOString();
    const doc = { type: 'sgv', date: far, dateString: farIso, sysTime: farIso, utcOffset: 60 };
    expect(entryItem({ ...fields, t: far }, doc).w).toBe(true);
  });
});

describe('hourHint', () => {
  it('reads the hour of the portal’s ObjectId and UUIDv7 of an entry’s time', () => {
    expect(hourHint(newObjectId(at))).toBe(entryHourOf(at));
    const uuid = entryUuidOf(at, 'xDrip_1_sgv');
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(hourHint(uuid)).toBe(entryHourOf(at));
    expect(entryUuidOf(at, 'xDrip_1_sgv')).toBe(uuid);
    expect(entryUuidOf(at, 'xDrip_2_sgv')).not.toBe(uuid);
  });

  it('names no hour for other keys', () => {
    expect(hourHint(uuidOf('x'))).toBeNull();
    expect(hourHint('aaps-bg-1')).toBeNull();
    expect(hourHint('0B5D6B0C-6A43-4C0D-9E3B-6E0F3C1D2A11')).toBeNull();
  });
});
