import type { Normalised } from './ns-docs';

// Documents by identifier, for a write's decisions (ns-write-decide.ts), without hashing the
// identifiers the portal makes for entries whose clients named none (Normalised.madeIdentifier):
// such an identifier is a UUIDv7 of its entry's time (ns-entry-ids.ts entryUuidOf), so it can only
// be one kept here if an identifier kept here carries that time; only then is it made and compared.
// A batch of new entries thus hashes nothing before it is written: its answers make them after.

const UUID_V7_TIME = /^([0-9a-f]{8})-([0-9a-f]{4})-7/;
/** The time a UUIDv7 carries (its first 48 bits, in ms); null for any other identifier. */
export const uuidV7TimeOf = (identifier: string): number | null => {
  const m = UUID_V7_TIME.exec(identifier);
  return m ? parseInt(m[1]!, 16) * 65_536 + parseInt(m[2]!, 16) : null;
};
/** Times entryUuidOf makes a UUIDv7 of (any other gets a UUIDv5, made and compared as text). */
const v7Time = (t: number) => t >= 0 && t < 2 ** 48 && Number.isInteger(t);

export class IdentifierIndex<T> {
  private readonly named = new Map<string, T>();
  /** The times the UUIDv7s among `named` carry. */
  private readonly times = new Set<number>();
  /** Documents whose identifier is made but not read yet, by their time. */
  private readonly unmade = new Map<number, Array<{ n: Normalised; value: T }>>();

  setIdentifier(identifier: string, value: T): void {
    this.named.set(identifier, value);
    const t = uuidV7TimeOf(identifier);
    if (t !== null) this.times.add(t);
  }

  set(n: Normalised, value: T): void {
    if (!n.madeIdentifier || !v7Time(n.date)) return this.setIdentifier(n.identifier, value);
    const list = this.unmade.get(n.date);
    if (list) list.push({ n, value });
    else this.unmade.set(n.date, [{ n, value }]);
  }

  get(n: Normalised): T | undefined {
    if (n.madeIdentifier && v7Time(n.date) && !this.times.has(n.date) && !this.unmade.has(n.date))
      return undefined;
    const identifier = n.identifier;
    const hit = this.named.get(identifier);
    if (hit !== undefined) return hit;
    const t = uuidV7TimeOf(identifier);
    for (const c of (t !== null && this.unmade.get(t)) || [])
      if (c.n.identifier === identifier) return c.value;
    return undefined;
  }
}
