import type { SQL } from 'drizzle-orm';
import {
  entryHourOf,
  entryHoursWrites,
  entryItem,
  numberedEntryId,
  type EntryItem,
} from '../../adapters/nightscout';
import type { Normalised } from './ns-docs';
import type { LoadedEntries } from './ns-entries.repository';
import type { Existing, New } from './ns-write-decide';

export type { LoadedEntries } from './ns-entries.repository';

// The entries' side of a Nightscout write (ns-write-decide.ts decides, for every collection, what is
// new, changed or a duplicate): what is stored was read from the hour rows of the batch's hours and of
// the `_id`s and identifiers it names (ns-entries.repository.ts), and the new and changed entries
// are written back as those rows, in the transaction's last statement.

/**
 * A new entry's item, whose identifier is its Normalised's: one made of its time, device and type is
 * hashed only when read (a plain entry's hour never reads it; the answer does, while the database
 * writes). A class, so a thousand items are made as cheaply as object literals; toJSON writes the
 * identifier where an item is kept as JSON.
 */
class NewEntryItem implements Omit<EntryItem, 'doc'> {
  readonly t: number;
  readonly off: number;
  doc: EntryItem['doc'] | undefined = undefined;
  w?: true;
  own?: true;

  constructor(
    private readonly n: Normalised,
    readonly id: string,
    readonly seq: number,
    readonly m: number,
    readonly sub: string,
  ) {
    this.t = n.date;
    this.off = n.utcOffsetMin;
  }

  get ident(): string {
    return this.n.identifier;
  }

  toJSON(): EntryItem {
    const { n: _n, ...fields } = this;
    return { ...fields, ident: this.ident } as EntryItem;
  }
}

/** The `_id` of the batch's k-th new entry: of its time and the document number it will get. */
export const numberedIds =
  ({ seqs }: LoadedEntries) =>
  (n: Normalised, k: number): string | null =>
    seqs[k] === undefined ? null : numberedEntryId(n.date, seqs[k]);

/**
 * Places the new entries (each with the next srvModified and a document number) and the changed
 * ones (the same `_id`, identifier, number and srvCreated, a new srvModified; moved to the hour of
 * their new time) in the hour rows. Returns each new entry's number by `_id`, the writes and the
 * hours they write.
 */
export function placeEntries(
  { hours, seqs }: LoadedEntries,
  inserts: readonly New[],
  updates: ReadonlyArray<{ row: Existing; n: Normalised }>,
  stamp: () => number,
  subject: string,
  patientId: string,
  guard?: SQL,
): { seqOf: Map<string, number>; writes: SQL[]; changed: Set<number> } {
  const changed = new Set<number>();
  const put = (item: EntryItem) => {
    const hour = entryHourOf(item.t);
    const items = hours.get(hour);
    if (items) items.push(item);
    else hours.set(hour, [item]);
    changed.add(hour);
  };
  const seqOf = new Map<string, number>();
  inserts.forEach(({ n, id, numbered }, k) => {
    const seq = seqs[k]!;
    const m = stamp();
    seqOf.set(id, seq);
    // A made identifier stays unmade until read (ns-docs.ts): a plain entry's hour does not keep it.
    const item = entryItem(new NewEntryItem(n, id, seq, m, subject), n.doc, n.iso);
    // An identifier the client did not name is the one made of the entry's time, device and type.
    if (numbered && n.doc.identifier === undefined) item.own = true;
    put(item);
  });
  for (const { row, n } of updates) {
    const hour = entryHourOf(Number(row.date));
    const items = hours.get(hour) ?? [];
    const at = items.findIndex((i) => i.id === row.id);
    const old = at >= 0 ? items.splice(at, 1)[0]! : undefined;
    changed.add(hour);
    const m = stamp();
    put(
      entryItem(
        {
          id: row.id,
          ident: row.identifier,
          seq: Number(row.seq),
          t: n.date,
          off: n.utcOffsetMin,
          m,
          ...(old ? { c: old.c ?? old.m } : {}),
          sub: subject,
        },
        n.doc,
        n.iso,
      ),
    );
  }
  return { seqOf, writes: entryHoursWrites(patientId, hours, changed, guard), changed };
}
