import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { executePrepared } from '../../platform/db/prepared';
import { rowsOf } from '../../platform/db/rows';
import { pgArray } from '../../patient-data';
import {
  ENTRY_HOUR_COLUMNS,
  entriesModifiedSql,
  entryDoc,
  entryHourOf,
  entryHoursSql as hoursSql,
  entryKeysSql,
  hintedHours,
  hoursOf,
  type EntryHours,
  type EntryItem,
  type HourRow,
} from '../../adapters/nightscout';
import type { EntryNames, Normalised } from './ns-docs';
import type { Existing, Stored } from './ns-write-decide';

// What a write of entries reads of the stored ones (ns-entry-write.ts places the batch in them).

export interface LoadedEntries {
  stored: Stored;
  hours: EntryHours;
  /** Document numbers for the new entries (at least one per document of the batch). */
  seqs: number[];
  /** The patient's event number as read (null: their data never changed). */
  eventNo: number | null;
  /** The newest hour with a row (null: none). */
  lastHour: number | null;
}

/** What a write of entries reads for: its entries' hours and the keys their clients named. */
export interface EntryScan {
  hours: number[];
  /** The `_id`s the clients gave. */
  ids: string[];
  /** The `_id`s and identifiers the clients gave. */
  keys: string[];
  /** How many document numbers to take (one per document at least). */
  count: number;
}

/** The scan of a batch's entries (normalised, or as sent: entryNamesOf). */
export function entryScanOf(names: ReadonlyArray<EntryNames | null>): EntryScan {
  const hours = new Set<number>();
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const n of names) {
    if (!n) continue;
    if (n.date !== null) hours.add(entryHourOf(n.date));
    if (n.id) {
      ids.add(n.id);
      keys.add(n.id);
    }
    // Looked up in every hour: what the client named. An identifier made from device, time and
    // type (the client named none) can only be an entry's of the same time: of the batch's hours.
    if (n.identifier) keys.add(n.identifier);
  }
  for (const h of hintedHours([...keys])) hours.add(h);
  return { hours: [...hours], ids: [...ids], keys: [...keys], count: names.length };
}

/** A normalised entry's EntryNames: the identifier only if its client named it. */
export const namesOfNormalised = (g: Normalised): EntryNames => ({
  date: g.date,
  id: g.id,
  identifier: g.madeIdentifier ? null : g.identifier,
});

/** Whether the scan read everything these normalised entries can match. */
export function scanCovers(scan: EntryScan, good: readonly Normalised[]): boolean {
  const hours = new Set(scan.hours);
  const keys = new Set(scan.keys);
  return (
    good.length <= scan.count &&
    good.every((g) => {
      const n = namesOfNormalised(g);
      return (
        hours.has(entryHourOf(g.date)) &&
        (!n.id || keys.has(n.id)) &&
        (!n.identifier || keys.has(n.identifier))
      );
    })
  );
}

/**
 * The next document number. The sequence by its name (bigserial's, migration 0004):
 * pg_get_serial_sequence would look it up in the catalogue for every number, 8 of the 9 ms of
 * 1,000 numbers.
 */
const NEXT_SEQ = sql.raw(`nextval('nightscout_documents_seq_seq'::regclass)`);

/**
 * In one statement: the newest srvModified, the hour rows the batch can match (its entries' hours:
 * same type and time; any hour holding, or named by, one of the `_id`s or identifiers it names), the
 * `_id`s other collections use, and a document number for each entry (the link of a reading to its
 * entry).
 */
export async function loadEntries(
  tx: Db,
  patientId: string,
  scan: EntryScan,
  seqsAhead = 0,
): Promise<LoadedEntries> {
  const { hours, ids, keys } = scan;
  type Row = HourRow & {
    m: string | number | null;
    taken: string | null;
    seq: Array<string | number> | null;
    ev: string | number | null;
    last: string | number | null;
  };
  // The numbers come as one array, not 1,000 rows.
  const rows = rowsOf<Row>(
    await executePrepared(
      tx,
      sql`
      select null::bigint as hour, null::json as items, null::json as plain, ${entriesModifiedSql(patientId)} as m,
        null::text as taken, null::bigint[] as seq, null::bigint as ev,
        (select max(hour) from nightscout_entry_hours where patient_id = ${patientId}) as last
      union all
      select null, null, null, null, null, null, event_no, null from patient_data_events where patient_id = ${patientId}
      union all
      select ${ENTRY_HOUR_COLUMNS}, null, null, null, null, null from nightscout_entry_hours
        where patient_id = ${patientId}
          and ${
            // Without keys to look up, the hours alone: an index range, not a scan of every hour row.
            keys.length ? sql`(${hoursSql(hours)} or ${entryKeysSql(keys)})` : hoursSql(hours)
          }
      union all
      ${
        ids.length
          ? sql`select null, null, null, null, id, null, null, null from nightscout_documents
        where patient_id = ${patientId} and id = any(${pgArray(ids)}::text[])
      union all`
          : sql``
      }
      select null, null, null, null, null,
        array(select ${NEXT_SEQ} from generate_series(1, ${scan.count + seqsAhead})),
        null, null`,
    ),
  );
  const loaded = hoursOf(rows);
  const idSet = new Set(ids);
  const stored: Stored = { maxModified: null, taken: new Set(), existing: [] };
  const seqs: number[] = [];
  let eventNo: number | null = null;
  let lastHour: number | null = null;
  for (const r of rows) {
    if (r.ev !== null) eventNo = Number(r.ev);
    if (r.last !== null) lastHour = Number(r.last);
    if (r.m !== null) stored.maxModified = r.m;
    if (r.taken !== null) stored.taken.add(r.taken);
    if (r.seq !== null) for (const seq of r.seq) seqs.push(Number(seq));
  }
  for (const items of loaded.values()) {
    for (const item of items) {
      if (idSet.has(item.id)) stored.taken.add(item.id);
      stored.existing.push(existingOf(item));
    }
  }
  return { stored, hours: loaded, seqs, eventNo, lastHour };
}

/**
 * `count` document numbers from the sequence (as loadEntries takes them). Taken in one statement
 * they are nearly always one run of numbers (another writer's in between breaks it), answered as
 * its ends: parsing 3,000 numbers of an array held the event loop for a millisecond.
 */
export async function takeSeqs(db: Db, count: number): Promise<number[]> {
  type Row = { lo: string | number; hi: string | number; seqs: Array<string | number> | null };
  const [row] = rowsOf<Row>(
    await executePrepared(
      db,
      sql`select min(s) as lo, max(s) as hi,
          case when max(s) - min(s) + 1 = count(*) then null else array_agg(s order by s) end as seqs
        from (select ${NEXT_SEQ} as s from generate_series(1, ${count})) n`,
    ),
  );
  if (!row) return [];
  if (row.seqs) return row.seqs.map(Number);
  const lo = Number(row.lo);
  return Array.from({ length: Number(row.hi) - lo + 1 }, (_, k) => lo + k);
}

export function existingOf(item: EntryItem): Existing {
  const doc = entryDoc(item);
  return {
    id: item.id,
    seq: item.seq,
    identifier: item.ident,
    dedup_key: `${String(doc.type)}|${item.t}`,
    doc,
    deleted: item.del === true,
    date: item.t,
  };
}
