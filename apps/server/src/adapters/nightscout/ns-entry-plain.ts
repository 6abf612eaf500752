import { TRENDS } from '@cgm/domain';
import type { EntryItem } from './ns-entry-item';
import {
  entryUuidOf,
  numberedEntryId,
  numberedEntryIdSql,
  sgvEntryIdentSql,
  entryName,
} from './ns-entry-ids';

// Plain entries: what an uploader sends for nearly every reading (type "sgv", a whole mg/dL
// value, perhaps a known direction and a device) with the `_id` and identifier the portal made
// (ns-entry-ids.ts). An hour row keeps them as arrays, one element an entry, for one device and
// one credential (those of the hour's first plain entry; any other entry stays a JSON item): about
// 45 bytes an entry instead of an item's 230, so a write of 1,000 entries is a fifth of the bytes.
// Everything of the document is made again from the arrays, here (plainItems) and in SQL
// (plainRowsSql), as it was sent.

const HOUR = 3_600_000;
/** A direction's code: 0 for none, else its trend number + 1 (the SQL array's 1-based index). */
const DIRECTION_CODE = new Map<unknown, number>(TRENDS.map((t) => [t.direction, t.rate + 1]));
const DIRECTIONS = TRENDS.map((t) => t.direction);
const SMALLINT = 32_767;

/**
 * Plain entries column by column (migration 0025), of one hour or, for a write, of every hour it
 * writes one after another (each hour then takes its slice).
 */
export interface PlainColumns {
  /** Milliseconds into the hour. */
  t: number[];
  seq: number[];
  m: number[];
  off: number[];
  sgv: number[];
  dir: number[];
}

export const noPlainColumns = (): PlainColumns => ({ t: [], seq: [], m: [], off: [], sgv: [], dir: [] });

/** An hour's plain entries: their device and credential, and how many were added to the columns. */
export interface PlainHour {
  device: string | null;
  subject: string | null;
  count: number;
}

const isWhole = (v: unknown, limit: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -limit - 1 && v <= limit;

/** Whether the item is plain for an hour whose plain entries have this device and subject. */
function fits(item: EntryItem, device: string | null, subject: string | null): boolean {
  if (item.w || item.del || item.c !== undefined || (item.sub ?? null) !== subject) return false;
  const { doc } = item;
  let keys = 0;
  for (const k in doc) {
    keys++;
    if (k !== 'type' && k !== 'sgv' && k !== 'direction' && k !== 'device') return false;
  }
  const hasDevice = doc.device !== undefined;
  const hasDirection = doc.direction !== undefined;
  if (keys !== 2 + (hasDevice ? 1 : 0) + (hasDirection ? 1 : 0)) return false;
  if (doc.type !== 'sgv' || !isWhole(doc.sgv, SMALLINT) || !isWhole(item.off, SMALLINT)) return false;
  if (hasDirection && !DIRECTION_CODE.has(doc.direction)) return false;
  if ((hasDevice ? doc.device : null) !== device) return false;
  if (item.own) return true;
  return (
    item.id === numberedEntryId(item.t, item.seq) &&
    item.ident === entryUuidOf(item.t, entryName(item.t, device ?? undefined, 'sgv'))
  );
}

/**
 * The hour's items split: its plain entries are added to `columns` (their device and credential
 * and count are answered; null when none), the others stay items (`rest`).
 */
export function splitPlain(
  hour: number,
  items: readonly EntryItem[],
  columns: PlainColumns,
): { plain: PlainHour | null; rest: EntryItem[] } {
  // The hour's plain device and credential: those of its first entry that can be plain.
  const deviceOf = (i: EntryItem) => (typeof i.doc.device === 'string' ? i.doc.device : null);
  const first = items.find((i) => fits(i, deviceOf(i), i.sub ?? null));
  if (!first) return { plain: null, rest: [...items] };
  const device = deviceOf(first);
  const subject = first.sub ?? null;
  const rest: EntryItem[] = [];
  let count = 0;
  for (const item of items) {
    if (!fits(item, device, subject)) {
      rest.push(item);
      continue;
    }
    columns.t.push(item.t - hour * HOUR);
    columns.seq.push(item.seq);
    columns.m.push(item.m);
    columns.off.push(item.off);
    columns.sgv.push(item.doc.sgv as number);
    columns.dir.push(DIRECTION_CODE.get(item.doc.direction) ?? 0);
    count++;
  }
  return { plain: { device, subject, count }, rest };
}

/** The plain entries as a read of the hour row gives them (plainJsonSql): back to items. */
export type PlainJson = [
  string | null,
  string | null,
  number[],
  number[],
  number[],
  number[],
  number[],
  number[],
];

export function plainItems(hour: number, json: PlainJson): EntryItem[] {
  const [device, subject, ts, seqs, ms, offs, sgvs, dirs] = json;
  return ts.map((offset, k) => {
    const t = hour * HOUR + offset;
    const seq = seqs[k]!;
    const direction = DIRECTIONS[dirs[k]! - 1];
    const doc: EntryItem['doc'] = { type: 'sgv', sgv: sgvs[k]! };
    if (direction !== undefined) doc.direction = direction;
    if (device !== null) doc.device = device;
    const item: EntryItem = {
      id: numberedEntryId(t, seq)!,
      ident: entryUuidOf(t, entryName(t, device ?? undefined, 'sgv')),
      seq,
      t,
      off: offs[k]!,
      m: ms[k]!,
      doc,
      own: true,
    };
    if (subject !== null) item.sub = subject;
    return item;
  });
}

/** The hour row's plain entries as one JSON value for plainItems (null without any). */
export const PLAIN_JSON_SQL = `case when cardinality(plain_t) > 0 then json_build_array(plain_device,
  plain_subject, plain_t, plain_seq, plain_modified, plain_offset, plain_sgv, plain_direction) end`;

const TIME = `(h.hour * ${HOUR} + p.t)`;
const ISO = `to_char((timestamptz 'epoch' + ${TIME} * interval '1 millisecond') at time zone 'UTC',
  'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const DIRECTION_ARRAY = `array[${DIRECTIONS.map((d) => `'${d}'`).join(', ')}]`;
const IDENT = sgvEntryIdentSql(TIME, 'h.plain_device');

/**
 * The plain entries of the hour rows `h` (FROM nightscout_entry_hours h, and what follows it: the
 * caller's WHERE) as document rows: the columns of entryRowsSql.
 */
export const PLAIN_ROWS_SELECT = `select ${numberedEntryIdSql(TIME, 'p.seq')} as id, p.seq,
    ${IDENT.ident} as identifier, timestamptz 'epoch' + ${TIME} * interval '1 millisecond' as date,
    jsonb_build_object('date', ${TIME}, 'dateString', ${ISO}, 'sysTime', ${ISO}, 'utcOffset', p.off,
      'type', 'sgv', 'sgv', p.sgv)
      || case when p.dir > 0 then jsonb_build_object('direction', (${DIRECTION_ARRAY})[p.dir]) else '{}' end
      || case when h.plain_device is not null then jsonb_build_object('device', h.plain_device) else '{}' end
      as doc,
    p.m as srv_modified, p.m as srv_created, false as deleted
  from nightscout_entry_hours h
  cross join lateral unnest(h.plain_t, h.plain_seq, h.plain_modified, h.plain_offset, h.plain_sgv,
    h.plain_direction) as p(t, seq, m, off, sgv, dir)
  cross join lateral ${IDENT.lateral} as x`;
