import { isoOf } from '../../platform/lib/iso-time';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { pgArray } from '../../patient-data';

// Entries uploaded through the Nightscout API, stored compactly: the entries of a patient's UTC hour
// are the items of one row of nightscout_entry_hours (migration 0016), so a day of 5-minute
// readings is 24 row writes, not 288 document rows with their indexes. An item keeps the server's
// fields and what the client sent beyond what the entry's time rebuilds exactly (`date`,
// `dateString`, `sysTime`, `utcOffset`); the reading itself is also in the hour blocks. The
// document is rebuilt on read (entryRowsSql, in SQL for queries; entryDoc, in JS for writes). Plain
// sensor entries, most of what uploaders send, are kept as the row's arrays instead of items
// (ns-entry-plain.ts); hoursOf and entryHoursWrites turn them into items and back.

import { entryHourOf, type EntryDoc, type EntryItem } from './ns-entry-item';
import {
  noPlainColumns,
  PLAIN_JSON_SQL,
  PLAIN_ROWS_SELECT,
  plainItems,
  splitPlain,
  type PlainJson,
} from './ns-entry-plain';

export { entryHourOf, type EntryDoc, type EntryItem } from './ns-entry-item';

/** Whether s[from, to) is lowercase hex: a loop of char codes, as this runs for every key of a write. */
function isLowerHex(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** A UUIDv7: 8-4-4-4-12 lowercase hex, version 7, variant 10xx. */
function isUuidV7(key: string): boolean {
  if (key.length !== 36 || key[14] !== '7') return false;
  if (key[8] !== '-' || key[13] !== '-' || key[18] !== '-' || key[23] !== '-') return false;
  const variant = key[19];
  if (variant !== '8' && variant !== '9' && variant !== 'a' && variant !== 'b') return false;
  return (
    isLowerHex(key, 0, 8) &&
    isLowerHex(key, 9, 13) &&
    isLowerHex(key, 15, 18) &&
    isLowerHex(key, 20, 23) &&
    isLowerHex(key, 24, 36)
  );
}

/**
 * The hour an `_id` or identifier names by its time: an ObjectId's seconds, a UUIDv7's
 * milliseconds. The portal gives an entry such an `_id` and identifier of the entry's own time
 * (ns-docs.ts), so finding the entry by either needs no index; any other key of an entry, or one
 * that names another hour, is in its row's `keys` (entryHoursWrites).
 */
export function hourHint(key: string): number | null {
  if (key.length === 24 && isLowerHex(key, 0, 24)) return entryHourOf(parseInt(key.slice(0, 8), 16) * 1000);
  if (!isUuidV7(key)) return null;
  return entryHourOf(parseInt(key.slice(0, 8) + key.slice(9, 13), 16));
}

/** The hours the keys name by their time (see hourHint). */
export const hintedHours = (keys: readonly string[]): number[] => [
  ...new Set(
    keys.flatMap((k) => {
      const h = hourHint(k);
      return h === null ? [] : [h];
    }),
  ),
];

/** The rows of the hours a write touches: hour → items. */
export type EntryHours = Map<number, EntryItem[]>;

/**
 * Hour rows (`h` or none) whose keys hold any of these: the index of the keys holds only rows
 * that have some (migration 0026), so the condition says so too.
 */
export const entryKeysSql = (keys: readonly string[], h = ''): SQL => {
  const column = sql.raw(`${h ? `${h}.` : ''}keys`);
  return sql`(cardinality(${column}) > 0 and ${column} && ${pgArray(keys)}::text[])`;
};

/** Times SQL's to_char writes as JavaScript's toISOString does (years 1970 to 9999). */
const rebuildable = (t: number) => t >= 0 && t < 253_402_300_800_000;

/**
 * An item of a normalised entry document; the fields its time rebuilds are left out. `iso`: the
 * entry time's ISO string, when the caller has it (normalise made it), to save making it again.
 * `fields` becomes the item (not copied: a getter of its identifier stays a getter).
 */
export function entryItem(fields: Omit<EntryItem, 'doc' | 'w'>, doc: EntryDoc, iso?: string): EntryItem {
  const at = iso ?? (rebuildable(fields.t) ? isoOf(fields.t) : null);
  const { date, dateString, sysTime, utcOffset, ...rest } = doc;
  const exact =
    at !== null &&
    rebuildable(fields.t) &&
    date === fields.t &&
    dateString === at &&
    sysTime === at &&
    utcOffset === fields.off;
  const item = fields as EntryItem;
  if (exact) item.doc = rest;
  else {
    item.w = true;
    item.doc = doc;
  }
  return item;
}

/** The document of an item, as entryRowsSql rebuilds it. */
export function entryDoc(item: EntryItem): EntryDoc {
  if (item.w) return item.doc;
  const iso = isoOf(item.t);
  return { date: item.t, dateString: iso, sysTime: iso, utcOffset: item.off, ...item.doc };
}

/** Which hour rows a read needs (anything else is filtered later). */
export interface EntryWindow {
  from?: number;
  to?: number;
  /** v3 history: only rows changed after this (ms). */
  receivedAfter?: number;
  /** Only rows holding one of these `_id`s or identifiers. */
  keys?: readonly string[];
}

const TIME = `(timestamptz 'epoch' + e.t * interval '1 millisecond')`;
const ISO = `to_char(${TIME} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The stored entries as document rows (id, seq, identifier, date, doc, srv_modified, srv_created,
 * deleted): the JSON items and the plain entries (ns-entry-plain.ts) of the hour rows the window
 * can hold.
 */
export function entryRowsSql(patientId: string, includeDeleted: boolean, w: EntryWindow = {}): SQL {
  const prune = sql.join(
    [
      sql`h.patient_id = ${patientId}`,
      w.from !== undefined ? sql`and h.hour >= ${entryHourOf(w.from)}` : sql``,
      w.to !== undefined ? sql`and h.hour <= ${entryHourOf(w.to)}` : sql``,
      w.receivedAfter !== undefined ? sql`and h.max_modified > ${w.receivedAfter}` : sql``,
      w.keys
        ? sql`and (${entryKeysSql(w.keys, 'h')} or h.hour = any(${pgArray(hintedHours(w.keys))}::bigint[]))`
        : sql``,
    ],
    sql` `,
  );
  const doc = sql.raw(`case when e.w then e.doc else jsonb_build_object('date', e.t, 'dateString', ${ISO},
    'sysTime', ${ISO}, 'utcOffset', e.off) || e.doc end`);
  return sql`select e.id, e.seq, e.ident as identifier, ${sql.raw(TIME)} as date, ${doc} as doc,
      e.m as srv_modified, coalesce(e.c, e.m) as srv_created, coalesce(e.del, false) as deleted
    from nightscout_entry_hours h
    cross join lateral json_to_recordset(h.items)
      as e(id text, ident text, seq bigint, t bigint, off int, m bigint, c bigint, del boolean, w boolean, doc jsonb)
    where ${prune} ${includeDeleted ? sql`` : sql`and e.del is not true`}
    union all
    ${sql.raw(PLAIN_ROWS_SELECT)} where ${prune} and cardinality(h.plain_t) > 0`;
}

/**
 * The hour rows of these hours (with the patient's own condition): the range beside the list lets
 * the planner see that the primary key finds them, also before the table has statistics (it took
 * the srvModified index and read every hour row of the patient).
 */
export function entryHoursSql(hours: readonly number[]): SQL {
  if (!hours.length) return sql`false`;
  let lo = hours[0]!;
  let hi = lo;
  for (const h of hours) {
    if (h < lo) lo = h;
    if (h > hi) hi = h;
  }
  return sql`(hour between ${lo} and ${hi} and hour = any(${pgArray(hours)}::bigint[]))`;
}

/** The newest srvModified of the patient's entries, as SQL (one index probe). */
export const entriesModifiedSql = (patientId: string): SQL =>
  sql`(select max_modified from nightscout_entry_hours where patient_id = ${patientId}
    order by max_modified desc limit 1)`;

/** The hour rows of these hours, and those that hold (or name by time) any of these keys. */
export async function loadEntryHours(
  tx: Db,
  patientId: string,
  hours: readonly number[],
  keys: readonly string[],
): Promise<EntryHours> {
  const result = await tx.execute(sql`select ${ENTRY_HOUR_COLUMNS} from nightscout_entry_hours
    where patient_id = ${patientId}
      and (${entryHoursSql([...hours, ...hintedHours(keys)])} or ${entryKeysSql(keys)})`);
  return hoursOf((result as { rows?: HourRow[] }).rows ?? []);
}

/** The columns of an hour row a write reads (HourRow). */
export const ENTRY_HOUR_COLUMNS = sql.raw(`hour, items, ${PLAIN_JSON_SQL} as plain`);

export interface HourRow {
  hour: string | number | null;
  items: EntryItem[] | null;
  plain: PlainJson | null;
}

/** The hours' entries: JSON items and plain ones alike. */
export function hoursOf(rows: readonly HourRow[]): EntryHours {
  const out: EntryHours = new Map();
  for (const r of rows) {
    if (r.hour === null || !r.items) continue;
    const hour = Number(r.hour);
    out.set(hour, r.plain ? [...r.items, ...plainItems(hour, r.plain)] : r.items);
  }
  return out;
}

/**
 * The statements that write the changed hours back (an hour left without items goes): to run as
 * they are, or as parts of the transaction's last statement (patient-data withParts).
 */
export function entryHoursWrites(
  patientId: string,
  hours: EntryHours,
  changed: Iterable<number>,
  guard: SQL = sql`true`,
): SQL[] {
  // `guard`: a condition every write holds to (patient-data's EVENT_GUARD for a write in one statement).
  // Per hour row: its own fields as JSON; its plain entries as its slice [a, b] (1-based) of
  // columns shared by all rows, each sent as one array (PostgreSQL turns a JSON array into an
  // array element by element, a third of the statement's time for 1,000 entries).
  type Put = {
    hour: number;
    keys: string[];
    m: number;
    items: EntryItem[];
    pd: string | null;
    ps: string | null;
    a: number;
    b: number;
  };
  const put: Put[] = [];
  const gone: number[] = [];
  const columns = noPlainColumns();
  for (const hour of new Set(changed)) {
    const items = hours.get(hour) ?? [];
    if (!items.length) {
      gone.push(hour);
      continue;
    }
    items.sort((a, b) => a.t - b.t || a.seq - b.seq);
    const a = columns.t.length + 1;
    const { plain, rest } = splitPlain(hour, items, columns);
    // Only keys that do not name this hour by their time (hourHint) need the index; a plain
    // entry's `_id` and identifier both do.
    const keys = new Set<string>();
    for (const i of rest) {
      if (hourHint(i.id) !== hour) keys.add(i.id);
      if (hourHint(i.ident) !== hour) keys.add(i.ident);
    }
    let m = 0;
    for (const i of items) if (i.m > m) m = i.m;
    const pd = plain?.device ?? null;
    const ps = plain?.subject ?? null;
    put.push({ hour, keys: [...keys], m, items: rest, pd, ps, a, b: columns.t.length });
  }
  const out: SQL[] = [];
  const slice = (values: number[], type: string) => sql`(${pgArray(values)}::${sql.raw(type)}[])[u.a:u.b]`;
  if (put.length)
    out.push(sql`insert into nightscout_entry_hours (patient_id, hour, keys, max_modified, items,
        plain_device, plain_subject, plain_t, plain_seq, plain_modified, plain_offset, plain_sgv, plain_direction)
      select ${patientId}, u.hour, u.keys, u.m, u.items, u.pd, u.ps, ${slice(columns.t, 'int')},
          ${slice(columns.seq, 'bigint')}, ${slice(columns.m, 'bigint')}, ${slice(columns.off, 'smallint')},
          ${slice(columns.sgv, 'smallint')}, ${slice(columns.dir, 'smallint')}
        from json_to_recordset(${JSON.stringify(put)}::json)
          as u(hour bigint, keys text[], m bigint, items json, pd text, ps text, a int, b int)
       where ${guard}
      on conflict (patient_id, hour) do update
        set keys = excluded.keys, max_modified = excluded.max_modified, items = excluded.items,
          plain_device = excluded.plain_device, plain_subject = excluded.plain_subject,
          plain_t = excluded.plain_t, plain_seq = excluded.plain_seq, plain_modified = excluded.plain_modified,
          plain_offset = excluded.plain_offset, plain_sgv = excluded.plain_sgv,
          plain_direction = excluded.plain_direction`);
  if (gone.length)
    out.push(sql`delete from nightscout_entry_hours where patient_id = ${patientId}
      and hour = any(${pgArray(gone)}::bigint[]) and ${guard}`);
  return out;
}

/**
 * Deletes entries by `_id`: with `stamp`, each becomes a tombstone with its own srvModified (v3
 * history); without, it is removed. Returns the items as they were.
 */
export async function deleteEntries(
  tx: Db,
  patientId: string,
  ids: readonly string[],
  stamp: (() => number) | null,
): Promise<EntryItem[]> {
  if (!ids.length) return [];
  const hours = await loadEntryHours(tx, patientId, [], ids);
  const wanted = new Set(ids);
  const hit: EntryItem[] = [];
  const changed: number[] = [];
  for (const [hour, items] of hours) {
    const before = hit.length;
    const kept: EntryItem[] = [];
    for (const item of items) {
      if (!wanted.has(item.id)) kept.push(item);
      else {
        hit.push(item);
        if (stamp) kept.push({ ...item, del: true, c: item.c ?? item.m, m: stamp() });
      }
    }
    if (hit.length === before) continue;
    hours.set(hour, kept);
    changed.push(hour);
  }
  for (const part of entryHoursWrites(patientId, hours, changed)) await tx.execute(part);
  return hit;
}
