import { sql, type SQL } from 'drizzle-orm';
import type { DeviceRecord } from '@cgm/contract';
import type { Db } from '../db/client';
import { pgArray } from './bulk-insert';
import {
  blockOrder,
  decodeBlock,
  encodeBlock,
  flagsOf,
  hourOf,
  rateOrNone,
  SG_UPLOADED,
  type SgBlockRecord,
} from './glucose-block';
import { changedCounts, countsOfDay, perDay, type DayCounts } from './glucose-counts';
import { IMPORTED_SERIAL_PREFIX, sourceRefOf, sourcesByNo, sourcesCte, type SourceRef } from './sources';
import type { Source } from './store-records';

// The only writer of sensor glucose (sg_blocks) and of its counts (sg_hour_counts, sg_day_counts).
// A write reads the hour blocks of the UTC days it touches once, merges or removes records in
// memory, and writes back only the hours and count rows that changed: a live reading costs one
// block row, one hour-count row and one day-count row.

type SgRecord = Extract<DeviceRecord, { type: 'sg' }>;
const DAY_HOURS = 24;

/** One writer per patient at a time; under READ COMMITTED the next statement sees what others committed. */
async function lockGlucose(tx: Db, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sg_blocks'), hashtext(${patientId}))`);
}

const hoursOfDays = (days: readonly number[]) =>
  days.flatMap((d) => Array.from({ length: DAY_HOURS }, (_, h) => d * DAY_HOURS + h));
type Blocks = Map<number, SgBlockRecord[]>;
type BlockRow = { hour: number | null; packed: Uint8Array | null };
const blocksOf = (rows: readonly BlockRow[]): Blocks =>
  new Map(rows.filter((r) => r.packed).map((r) => [Number(r.hour), decodeBlock(r.packed!)]));

/** The hour blocks of whole UTC days, decoded: hour → records in block order. */
async function readDays(tx: Db, patientId: string, days: readonly number[]): Promise<Blocks> {
  const result = await tx.execute(sql`select hour, packed from sg_blocks
    where patient_id = ${patientId} and hour = any(${pgArray(hoursOfDays(days))}::int[])`);
  return blocksOf((result as { rows?: BlockRow[] }).rows ?? []);
}

/**
 * In one round trip: the sources of `serials` (recorded if new), the numbers of every imported
 * source (see followedReceived) and the blocks of `days`.
 */
async function readSourcesAndDays(
  tx: Db,
  patientId: string,
  source: Source,
  serials: readonly string[],
  days: readonly number[],
): Promise<{ sources: Map<string, SourceRef>; imported: Set<number>; blocks: Blocks }> {
  const result = await tx.execute(sql`with ${sourcesCte(patientId, source, serials)}
    select serial, class, slot, no, null::int as hour, null::bytea as packed from src
    union all
    select serial, class, slot, no, null, null from known where serial like ${`${IMPORTED_SERIAL_PREFIX}%`}
    union all
    select null, null, null, null, hour, packed from sg_blocks
     where patient_id = ${patientId} and hour = any(${pgArray(hoursOfDays(days))}::int[])`);
  type Row = BlockRow & { serial: string | null; class: number; slot: number; no: number };
  const rows = (result as { rows?: Row[] }).rows ?? [];
  const named = rows.filter((r) => r.serial !== null);
  const sources = new Map(named.map((r) => [r.serial!, sourceRefOf(r)]));
  return {
    sources,
    imported: importedNos(named.map((r) => [Number(r.no), r.serial!])),
    blocks: blocksOf(rows),
  };
}

/** The numbers of the sources whose serial says they were imported from a file. */
const importedNos = (serials: Iterable<readonly [number, string]>) =>
  new Set([...serials].filter(([, serial]) => serial.startsWith(IMPORTED_SERIAL_PREFIX)).map(([no]) => no));

/** The counts of the given days from their blocks. */
function countsOf(blocks: Map<number, SgBlockRecord[]>, days: readonly number[]): DayCounts {
  const out: DayCounts = new Map();
  for (const day of days) {
    const records = function* () {
      for (let h = 0; h < DAY_HOURS; h++) yield* blocks.get(day * DAY_HOURS + h) ?? [];
    };
    for (const [k, c] of countsOfDay(records())) out.set(k, c);
  }
  return out;
}

/**
 * When the newest reading with a value arrived that Nightscout followers get as the portal's own
 * (realtime and imported ones; documents' readings are served as the documents): the hour's change
 * stamp (column realtime_received_ms) that their v3 history pages by (modules/nightscout/ns-read.ts).
 */
const followedReceived = (records: readonly SgBlockRecord[], imported: ReadonlySet<number>) =>
  records.reduce<number | null>(
    (m, r) =>
      ((r.flags & SG_UPLOADED) === 0 || imported.has(r.no)) && !Number.isNaN(r.mgdl)
        ? Math.max(m ?? 0, r.receivedMs)
        : m,
    null,
  );

/**
 * Writes the changed hours (deleting emptied ones) and the count rows that changed, as one
 * statement of data-modifying CTEs: one round trip, however many tables change.
 */
async function writeChanges(
  tx: Db,
  patientId: string,
  changed: Blocks,
  imported: ReadonlySet<number>,
  before: DayCounts,
  after: DayCounts,
): Promise<void> {
  const put = [...changed].filter(([, records]) => records.length > 0);
  const emptied = [...changed].filter(([, records]) => records.length === 0).map(([h]) => h);
  const hex = (records: SgBlockRecord[]) => Buffer.from(encodeBlock(records)).toString('hex');
  const parts: SQL[] = [];
  if (put.length)
    parts.push(sql`insert into sg_blocks (patient_id, hour, packed, realtime_received_ms)
      select ${patientId}, u.hour, decode(u.packed, 'hex'), u.received
        from unnest(${pgArray(put.map(([h]) => h))}::int[], ${pgArray(put.map(([, r]) => hex(r)))}::text[],
                    ${pgArray(put.map(([, r]) => followedReceived(r, imported)))}::bigint[]) as u(hour, packed, received)
      on conflict (patient_id, hour) do update
        set packed = excluded.packed, realtime_received_ms = excluded.realtime_received_ms`);
  if (emptied.length)
    parts.push(
      sql`delete from sg_blocks where patient_id = ${patientId} and hour = any(${pgArray(emptied)}::int[])`,
    );
  parts.push(...countWrites(patientId, 'sg_hour_counts', 'hour', changedCounts(before, after)));
  parts.push(...countWrites(patientId, 'sg_day_counts', 'day', changedCounts(perDay(before), perDay(after))));
  if (!parts.length) return;
  const ctes = parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`);
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}

function countWrites(
  patientId: string,
  table: 'sg_hour_counts' | 'sg_day_counts',
  unit: 'hour' | 'day',
  { put, gone }: ReturnType<typeof changedCounts>,
): SQL[] {
  // Hours are stored as timestamps (the patient list's hour ranges), days as day numbers.
  const at = unit === 'hour' ? sql.raw(`to_timestamp(u.k * 3600)`) : sql.raw('u.k');
  const split = (key: string) => key.split(':').map(Number) as [number, number];
  const out: SQL[] = [];
  if (put.size) {
    const keys = [...put.keys()].map(split);
    const col = (i: number) => pgArray([...put.values()].map((c) => c[i]!));
    out.push(sql`insert into ${sql.raw(table)} (patient_id, ${sql.raw(unit)}, src, n, below, above, g1, g2, g5, g15)
      select ${patientId}, ${at}, u.src, u.n, u.below, u.above, u.g1, u.g2, u.g5, u.g15
        from unnest(${pgArray(keys.map((k) => k[0]))}::int[], ${pgArray(keys.map((k) => k[1]))}::smallint[],
          ${col(0)}::int[], ${col(1)}::int[], ${col(2)}::int[], ${col(3)}::int[], ${col(4)}::int[],
          ${col(5)}::int[], ${col(6)}::int[]) as u(k, src, n, below, above, g1, g2, g5, g15)
      on conflict (patient_id, ${sql.raw(unit)}, src) do update set n = excluded.n, below = excluded.below,
        above = excluded.above, g1 = excluded.g1, g2 = excluded.g2, g5 = excluded.g5, g15 = excluded.g15`);
  }
  if (gone.length) {
    const keys = gone.map(split);
    out.push(sql`delete from ${sql.raw(table)} t
      using unnest(${pgArray(keys.map((k) => k[0]))}::int[], ${pgArray(keys.map((k) => k[1]))}::smallint[]) as u(k, src)
      where t.patient_id = ${patientId} and t.${sql.raw(unit)} = ${at} and t.src = u.src`);
  }
  return out;
}

const daysOfHours = (hours: Iterable<number>) => [
  ...new Set([...hours].map((h) => Math.floor(h / DAY_HOURS))),
];

/**
 * Stores sensor readings once each: a reading whose (source, seq) its hour already holds, or
 * that repeats one of the batch, is a duplicate; with `sameInstantIsDuplicate` so is one at an
 * instant the patient already has a reading of, from any source (file imports: CLINICAL.md counts
 * readings at the same time once, and a re-imported export must add nothing). Returns how many
 * were new.
 */
export async function storeGlucose(
  tx: Db,
  patientId: string,
  source: Source,
  records: readonly SgRecord[],
  receivedMs: number,
  sameInstantIsDuplicate = false,
): Promise<number> {
  if (!records.length) return 0;
  await lockGlucose(tx, patientId);
  const hours = [...new Set(records.map((r) => hourOf(r.time)))];
  const days = daysOfHours(hours);
  const { sources, imported, blocks } = await readSourcesAndDays(
    tx,
    patientId,
    source,
    records.map((r) => r.serial),
    days,
  );
  const incoming = new Map<number, SgBlockRecord[]>();
  for (const r of records) {
    const ref = sources.get(r.serial)!;
    const hour = hourOf(r.time);
    const list = incoming.get(hour) ?? [];
    list.push({
      time: r.time,
      seq: r.seq,
      receivedMs,
      mgdl: r.mgdl ?? Number.NaN,
      utcOffsetMin: r.utc_offset_min,
      flags: flagsOf(r.quality, r.display_code, source === 'uploaded', ref.bits),
      rate: rateOrNone(r.rate),
      no: ref.no,
    });
    incoming.set(hour, list);
  }
  const before = countsOf(blocks, days);
  const changed = new Map<number, SgBlockRecord[]>();
  let stored = 0;
  for (const [hour, fresh] of incoming) {
    const old = blocks.get(hour) ?? [];
    const seen = new Set(old.map((r) => `${r.no}:${r.seq}`));
    const instants = sameInstantIsDuplicate ? new Set(old.map((r) => r.time)) : null;
    const added = fresh.filter((r) => {
      const key = `${r.no}:${r.seq}`;
      if (seen.has(key) || instants?.has(r.time)) return false;
      seen.add(key);
      instants?.add(r.time);
      return true;
    });
    if (!added.length) continue;
    stored += added.length;
    const merged = [...old, ...added].sort(blockOrder);
    blocks.set(hour, merged);
    changed.set(hour, merged);
  }
  if (!stored) return 0;
  await writeChanges(tx, patientId, changed, imported, before, countsOf(blocks, days));
  return stored;
}

/**
 * Removes the readings of [fromMs, toMs) that `remove` selects (given each one's source serial).
 * Returns how many were removed.
 */
export async function removeGlucose(
  tx: Db,
  patientId: string,
  fromMs: number,
  toMs: number,
  remove: (r: SgBlockRecord, serial: string) => boolean,
): Promise<number> {
  if (!(toMs > fromMs)) return 0;
  await lockGlucose(tx, patientId);
  const serials = await sourcesByNo(tx, patientId);
  const hours = await tx.execute(sql`select hour from sg_blocks where patient_id = ${patientId}
    and hour >= ${hourOf(fromMs)} and hour <= ${hourOf(toMs - 1)}`);
  const touched = ((hours as { rows?: Array<{ hour: number }> }).rows ?? []).map((r) => Number(r.hour));
  const days = daysOfHours(touched);
  if (!days.length) return 0;
  const blocks = await readDays(tx, patientId, days);
  const before = countsOf(blocks, days);
  const changed = new Map<number, SgBlockRecord[]>();
  let removed = 0;
  for (const [hour, records] of blocks) {
    const kept = records.filter(
      (r) => r.time < fromMs || r.time >= toMs || !remove(r, serials.get(r.no) ?? ''),
    );
    if (kept.length === records.length) continue;
    removed += records.length - kept.length;
    blocks.set(hour, kept);
    changed.set(hour, kept);
  }
  if (!removed) return 0;
  await writeChanges(tx, patientId, changed, importedNos(serials), before, countsOf(blocks, days));
  return removed;
}
