import { describe, expect, it } from 'vitest';
import { normalise, type Normalised } from './ns-docs';
import { IdentifierIndex } from './ns-identifier-index';

// Lookups by identifier give what a map of every identifier would, and a made identifier is hashed
// only when an identifier of its entry's time is kept.

const T = Date.parse('2026-11-20T08:05:00Z');
const entry = (date: number, extra: Record<string, unknown> = {}) =>
  normalise('entries', { type: 'sgv', sgv: 120, date, device: 'xDrip-G6', ...extra }, T) as Normalised;

/** A made-identifier entry that counts how often its identifier is read. */
function counted(date: number): { n: Normalised; reads: () => number } {
  const real = entry(date);
  let reads = 0;
  const n = {
    ...real,
    madeIdentifier: true as const,
    get identifier() {
      reads++;
      return real.identifier;
    },
  };
  return { n, reads: () => reads };
}

describe('IdentifierIndex', () => {
  it('finds a stored document by the identifier made for an entry of its time, hashing only then', () => {
    const index = new IdentifierIndex<string>();
    index.setIdentifier(entry(T).identifier, 'stored at T');
    index.setIdentifier('client-named', 'named');
    expect(entry(T).madeIdentifier).toBe(true);
    expect(index.get(entry(T))).toBe('stored at T');
    const other = counted(T + 60_000);
    expect(index.get(other.n)).toBeUndefined();
    expect(other.reads()).toBe(0);
    // Another device at the same time: a different identifier, so no match.
    expect(index.get(entry(T, { device: 'Dexcom' }))).toBeUndefined();
    expect(index.get(entry(T + 5, { identifier: 'client-named' }))).toBe('named');
  });

  it('finds a new document of the batch by its made identifier, named by a later one', () => {
    const index = new IdentifierIndex<string>();
    const first = counted(T);
    index.set(first.n, 'first');
    expect(first.reads()).toBe(0);
    // A later document naming that identifier (at another time) is the same document.
    const named = entry(T + 300_000, { identifier: entry(T).identifier });
    expect(named.madeIdentifier).toBeUndefined();
    expect(index.get(named)).toBe('first');
    expect(first.reads()).toBe(1);
    expect(index.get(entry(T))).toBe('first');
    expect(index.get(entry(T, { device: 'Dexcom' }))).toBeUndefined();
    expect(index.get(entry(T + 300_000))).toBeUndefined();
  });

  it('compares identifiers of times a UUIDv7 cannot hold as text', () => {
    const index = new IdentifierIndex<string>();
    const old = entry(3e14);
    index.set(old, 'year 11476');
    expect(old.madeIdentifier).toBe(true);
    expect(index.get(entry(3e14))).toBe('year 11476');
    expect(index.get(entry(3e14 + 1000))).toBeUndefined();
  });
});
