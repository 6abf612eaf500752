import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { executePrepared } from '../platform/db/prepared';
import { pgArray } from './bulk-insert';
import { alertsWatchedSql, EVENT_GUARD, eventGuardCte } from './data-events';
import { deviceActiveSql, DeviceNotActiveError } from './device-check';
import { decodeBlock, encodeBlock, hourOf } from './glucose-block';
import {
  daysOfHours,
  hoursOfDays,
  importedNos,
  mergeReadings,
  type BlockRow,
  type Blocks,
  type SgRecord,
} from './glucose-merge';
import {
  glucoseStateCacheOf,
  type GlucoseState,
  type GlucoseStateCache,
  type SourceRow,
} from './glucose-state-cache';
import { glucoseWriteParts, withParts } from './glucose-write-sql';
import { sourceClassOf, sourceRefOf, type SourceRef } from './sources';
import type { Source } from './store-records';
import { uploadInsert, type UploadRow } from './upload-history';

// A device upload of sensor readings alone (the live case: one reading every few minutes) written
// without a transaction: one statement reads the patient's sources, the touched days' blocks and
// their event number; the merge runs here (glucose-merge.ts, as in glucose-store.ts); one
// statement writes the new sources, blocks, counts and upload row and takes the next event
// number, all only if the event number is still the one read (data-events.ts eventGuardCte).
// Two round trips instead of seven, and one when this process kept the patient's state from their
// last upload (glucose-state-cache.ts). If another write came in between, nothing is written and
// the caller tries again.

export interface GlucoseAppend {
  patientId: string;
  source: Source;
  records: readonly SgRecord[];
  receivedMs: number;
  sameInstantIsDuplicate: boolean;
  /** The upload-history row; stored and duplicates are filled in here (null: none is written). */
  upload: Omit<UploadRow, 'stored' | 'duplicates'> | null;
  /** The upload row's counts when they are not the readings' (a Nightscout upload counts documents). */
  uploadCounts?: { stored: number; duplicates: number };
  /**
   * Further writes of the same change (a Nightscout upload's entry rows), each holding to
   * EVENT_GUARD; `expectEventNo`: the event number they were decided on — if the patient's data is
   * not at that number any more, nothing is written.
   */
  alsoWrite?: { parts: SQL[]; expectEventNo: number | null };
  /** The patient's state as the caller already has it (glucoseStateOf), read beside its own reads. */
  state?: GlucoseStateRead;
  /** Counted as duplicates in the upload row beside the records' own (records that were not sent here). */
  alreadyDuplicates?: number;
  /** A device that must still be active (device-check.ts), checked in the first statement. */
  checkDevice?: string;
  /**
   * A further condition of the whole write (an uploader's credential still active, taken from a
   * cache): when it does not hold, nothing is written and the answer is null.
   */
  alsoWhen?: SQL;
  /**
   * The live bus's expression telling other server processes, sent with the write (live-bus.ts);
   * `previous`: the event number the write was made on (0 when none).
   */
  tellOthers?: (eventNo: SQL, previous: number) => SQL | null;
}

export interface GlucoseAppended {
  stored: number;
  uploadId: string | null;
  /** The event number taken (null when nothing was new). */
  eventNo: number | null;
  /** Whether the other server processes were told in the write itself (tellOthers). */
  othersTold?: boolean;
  /** The event number the write was made on (0 when none): the data before it is as of that number. */
  previousEventNo?: number;
  /** Whether anyone is to be alerted about the patient (data-events.ts alertsWatchedSql), when written. */
  alertsWatched?: boolean;
}

type ReadRow = BlockRow & {
  serial: string | null;
  class: number | null;
  slot: number | null;
  no: number | null;
  ev: string | number | null;
  dev: boolean | null;
};

/** Reads the patient's sources, the days' blocks and event number (the device checked, if asked). */
async function readState(
  db: Db,
  a: Pick<GlucoseAppend, 'patientId' | 'checkDevice'>,
  days: readonly number[],
): Promise<ReadState> {
  const device = a.checkDevice
    ? sql`union all select null, null, null, null, null, null, null, ${deviceActiveSql(a.checkDevice, a.patientId)}`
    : sql``;
  const result = await executePrepared(
    db,
    sql`
    select serial, class, slot, no, null::int as hour, null::bytea as packed, null::bigint as ev, null::boolean as dev
      from sg_sources where patient_id = ${a.patientId}
    union all
    select null, null, null, null, hour, packed, null, null from sg_blocks
     where patient_id = ${a.patientId} and hour = any(${pgArray(hoursOfDays(days))}::int[])
    union all
    select null, null, null, null, null, null, event_no, null from patient_data_events where patient_id = ${a.patientId}
    ${device}`,
  );
  const rows = (result as { rows?: ReadRow[] }).rows ?? [];
  if (a.checkDevice && !rows.some((r) => r.dev === true)) throw new DeviceNotActiveError(a.checkDevice);
  const ev = rows.find((r) => r.ev !== null)?.ev;
  return {
    eventNo: ev === undefined || ev === null ? null : Number(ev),
    sources: rows
      .filter((r) => r.serial !== null)
      .map((r) => ({ serial: r.serial!, class: Number(r.class), slot: Number(r.slot), no: Number(r.no) })),
    days,
    packed: new Map(rows.filter((r) => r.packed).map((r) => [Number(r.hour), r.packed!])),
  };
}

type ReadState = Omit<GlucoseState, 'eventNo'> & { eventNo: number | null };
/** What glucoseStateOf answers: the patient's sources, the days' blocks and their event number. */
export type GlucoseStateRead = ReadState & { kept: boolean };

/**
 * The patient's state for a write of readings on `days`: the one this process kept, or read
 * (no device check). For a caller that reads other things beside it (a Nightscout upload).
 */
export async function glucoseStateOf(
  db: Db,
  patientId: string,
  days: readonly number[],
): Promise<GlucoseStateRead> {
  const kept = glucoseStateCacheOf(db).take(patientId, days);
  if (kept) return { ...kept, kept: true };
  const read = await readState(db, { patientId }, days);
  return { ...read, kept: false };
}

/**
 * Merges and writes once, from the state this process kept of the patient (one statement) or
 * read (two); null when another write of the patient's data came in between (or, from the kept
 * state, the device is no longer active: the caller's next try reads and says so).
 */
export async function appendGlucoseOnce(
  db: Db,
  a: GlucoseAppend,
  nowMs: number,
): Promise<GlucoseAppended | null> {
  const days = daysOfHours(a.records.map((r) => hourOf(r.time)));
  const cache = glucoseStateCacheOf(db);
  if (a.state && !days.every((d) => a.state!.days.includes(d))) return null;
  const kept = a.state ? (a.state.kept ? a.state : undefined) : cache.take(a.patientId, days);
  const state: ReadState = a.state ?? kept ?? (await readState(db, a, days));
  if (a.alsoWrite && state.eventNo !== a.alsoWrite.expectEventNo) return null;
  // Read from the kept state, the device is checked by the write itself.
  const deviceStillActive = kept && a.checkDevice ? deviceActiveSql(a.checkDevice, a.patientId) : undefined;
  const condition =
    deviceStillActive && a.alsoWhen
      ? sql`${deviceStillActive} and ${a.alsoWhen}`
      : (deviceStillActive ?? a.alsoWhen);
  const sources = new Map(state.sources.map((r) => [r.serial, sourceRefOf(r)]));
  const fresh = newSources(a, sources, Math.max(0, ...state.sources.map((r) => r.no)));
  // Only the hours the readings fall in are merged (a reading's duplicates are in its own hour).
  const blocks: Blocks = new Map();
  for (const hour of new Set(a.records.map((r) => hourOf(r.time)))) {
    const packed = state.packed.get(hour);
    if (packed) blocks.set(hour, decodeBlock(packed));
  }
  const { changed, stored } = mergeReadings(
    blocks,
    a.records,
    (serial) => sources.get(serial)!,
    a.source,
    a.receivedMs,
    a.sameInstantIsDuplicate,
  );
  const upload = a.upload && {
    ...a.upload,
    ...(a.uploadCounts ?? {
      stored,
      duplicates: a.records.length - stored + (a.alreadyDuplicates ?? 0),
    }),
  };
  const also = a.alsoWrite?.parts ?? [];
  if (!stored && !also.length) {
    if (!upload) return { stored: 0, uploadId: null, eventNo: null };
    const { id, insert } = uploadInsert(upload, condition);
    const res = await db.execute(sql`${insert} returning id`);
    if (condition && !(res as { rows?: unknown[] }).rows?.length) {
      if (a.alsoWhen) return null;
      throw new DeviceNotActiveError(a.checkDevice!);
    }
    keep(cache, a.patientId, state);
    return { stored: 0, uploadId: id, eventNo: null };
  }
  const imported = importedNos([
    ...state.sources.map((r) => [r.no, r.serial] as const),
    ...fresh.map((f) => [f.no, f.serial] as const),
  ]);
  const packed = new Map([...changed].map(([hour, records]) => [hour, encodeBlock(records)]));
  const parts = glucoseWriteParts({ patientId: a.patientId, changed, imported, packed }, EVENT_GUARD);
  if (fresh.length)
    parts.push(sql`insert into sg_sources (patient_id, serial, class, slot, no)
      select ${a.patientId}, u.serial, u.class, u.slot, u.no
        from unnest(${pgArray(fresh.map((f) => f.serial))}::text[], ${pgArray(fresh.map((f) => f.class))}::smallint[],
                    ${pgArray(fresh.map((f) => f.slot))}::smallint[], ${pgArray(fresh.map((f) => f.no))}::smallint[])
             as u(serial, class, slot, no)
       where ${EVENT_GUARD}`);
  parts.push(...also);
  const row = upload && uploadInsert(upload, EVENT_GUARD);
  if (row) parts.push(row.insert);
  const tell = a.tellOthers?.(sql`ev.event_no`, state.eventNo ?? 0);
  const guard = eventGuardCte(a.patientId, state.eventNo, nowMs, condition);
  const written = await executePrepared(
    db,
    sql`${withParts([guard], parts)}
    select event_no, ${alertsWatchedSql(a.patientId)} as watched${tell ? sql`, ${tell} as told` : sql``} from ev`,
  );
  const answer = (written as { rows?: Array<{ event_no: string | number; watched: boolean }> }).rows?.[0];
  const eventNo = answer?.event_no;
  if (eventNo === undefined) return null;
  for (const [hour, records] of changed)
    if (records.length) state.packed.set(hour, packed.get(hour)!);
    else state.packed.delete(hour);
  keep(cache, a.patientId, { ...state, sources: [...state.sources, ...fresh], eventNo: Number(eventNo) });
  return {
    stored,
    uploadId: row?.id ?? null,
    eventNo: Number(eventNo),
    othersTold: Boolean(tell),
    previousEventNo: state.eventNo ?? 0,
    alertsWatched: answer!.watched,
  };
}

/** Keeps the state for the patient's next upload (only once the patient has an event number). */
function keep(cache: GlucoseStateCache, patientId: string, state: ReadState): void {
  if (state.eventNo !== null) cache.put(patientId, { ...state, eventNo: state.eventNo });
}

/** Sources the patient does not have yet, numbered after the last (as sources.ts sourcesCte does). */
function newSources(a: GlucoseAppend, sources: Map<string, SourceRef>, lastNo: number): SourceRow[] {
  const out: SourceRow[] = [];
  for (const r of a.records) {
    if (sources.has(r.serial)) continue;
    const no = lastNo + out.length + 1;
    const entry = { serial: r.serial, class: sourceClassOf(a.source, r.serial), slot: (no - 1) % 64, no };
    out.push(entry);
    sources.set(r.serial, sourceRefOf(entry));
  }
  return out;
}
