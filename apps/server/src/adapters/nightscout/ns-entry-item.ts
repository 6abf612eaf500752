// One stored entry as the write and delete paths handle it (ns-entry-store.ts stores it as an
// item of its hour row's JSON, or, a plain one, in the row's arrays: ns-entry-plain.ts).

export type EntryDoc = Record<string, unknown>;

const HOUR = 3_600_000;
export const entryHourOf = (ms: number) => Math.floor(ms / HOUR);

/** One stored entry. */
export interface EntryItem {
  id: string;
  ident: string;
  seq: number;
  /** The entry's time (epoch ms). */
  t: number;
  /** Its UTC offset (minutes). */
  off: number;
  /** srvModified, and srvCreated when it differs (a changed entry's): a new one's is its srvModified. */
  m: number;
  c?: number;
  /** A tombstone (v3 history). */
  del?: true;
  /** Which credential or import wrote it. */
  sub?: string;
  /** `doc` is the whole document (nothing to rebuild): entries stored before migration 0016. */
  w?: true;
  doc: EntryDoc;
  /**
   * Its `_id` and identifier are the ones the portal made of its time, document number, device
   * and type (ns-entry-ids.ts), so a plain entry need not keep them. Set where that is known;
   * otherwise checked.
   */
  own?: true;
}
