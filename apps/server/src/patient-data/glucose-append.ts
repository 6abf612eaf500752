import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgArray } from './bulk-insert';
import { EVENT_GUARD, eventGuardCte } from './data-events';
import { deviceActiveSql, DeviceNotActiveError } from './device-check';
import { hourOf } from './glucose-block';
import {
  blocksOf,
  countsOf,
  daysOfHours,
  hoursOfDays,
  importedNos,
  mergeReadings,
  type BlockRow,
  type SgRecord,
} from './glucose-merge';
import { glucoseWriteParts, withParts } from './glucose-write-sql';
import { sourceClassOf, sourceRefOf, type SourceRef } from './sources';
import type { Source } from './store-records';
import { uploadInsert, type UploadRow } from './upload-history';

// A device upload of sensor readings alone (the live case: one reading every few minutes) written
// without a transaction: one statement reads the patient's sources, the touched days' blocks and
// their event number; the merge runs here (glucose-merge.ts, as in glucose-store.ts); one
// statement writes the new sources, blocks, counts and upload row and takes the next event
// number, all only if the event number is still the one read (data-events.ts eventGuardCte).
// Two round trips instead of seven. If another write came in between, nothing is written and the
// caller tries again.

export interface GlucoseAppend {
  patientId: string;
  source: Source;
  records: readonly SgRecord[];
  receivedMs: number;
  sameInstantIsDuplicate: boolean;
  /** The upload-history row; stored and duplicates are filled in here. */
  upload: Omit<UploadRow, 'stored' | 'duplicates'>;
  /** Counted as duplicates in the upload row beside the records' own (records that were not sent here). */
  alreadyDuplicates?: number;
  /** A device that must still be active (device-check.ts), checked in the first statement. */
  checkDevice?: string;
  /**
   * The live bus's expression telling other server processes, sent with the write (live-bus.ts);
   * `previous`: the event number the write was made on (0 when none).
   */
  tellOthers?: (eventNo: SQL, previous: number) => SQL | null;
}

export interface GlucoseAppended {
  stored: number;
  uploadId: string;
  /** The event number taken (null when nothing was new). */
  eventNo: number | null;
  /** Whether the other server processes were told in the write itself (tellOthers). */
  othersTold?: boolean;
  /** The event number the write was made on (0 when none): the data before it is as of that number. */
  previousEventNo?: number;
}

type ReadRow = BlockRow & {
  serial: string | null;
  class: number | null;
  slot: number | null;
  no: number | null;
  ev: string | number | null;
  dev: boolean | null;
};

/** Reads, merges and writes once; null when another write of the patient's data came in between. */
export async function appendGlucoseOnce(
  db: Db,
  a: GlucoseAppend,
  nowMs: number,
): Promise<GlucoseAppended | null> {
  const days = daysOfHours(a.records.map((r) => hourOf(r.time)));
  const device = a.checkDevice
    ? sql`union all select null, null, null, null, null, null, null, ${deviceActiveSql(a.checkDevice, a.patientId)}`
    : sql``;
  const result = await db.execute(sql`
    select serial, class, slot, no, null::int as hour, null::bytea as packed, null::bigint as ev, null::boolean as dev
      from sg_sources where patient_id = ${a.patientId}
    union all
    select null, null, null, null, hour, packed, null, null from sg_blocks
     where patient_id = ${a.patientId} and hour = any(${pgArray(hoursOfDays(days))}::int[])
    union all
    select null, null, null, null, null, null, event_no, null from patient_data_events where patient_id = ${a.patientId}
    ${device}`);
  const rows = (result as { rows?: ReadRow[] }).rows ?? [];
  if (a.checkDevice && !rows.some((r) => r.dev === true)) throw new DeviceNotActiveError(a.checkDevice);
  const named = rows.filter((r) => r.serial !== null);
  const seenEventNo = rows.find((r) => r.ev !== null)?.ev;
  const sources = new Map(
    named.map((r) => [
      r.serial!,
      sourceRefOf({ class: Number(r.class), slot: Number(r.slot), no: Number(r.no) }),
    ]),
  );
  const fresh = newSources(a, sources, Math.max(0, ...named.map((r) => Number(r.no))));
  const blocks = blocksOf(rows);
  const before = countsOf(blocks, days);
  const { changed, stored } = mergeReadings(
    blocks,
    a.records,
    (serial) => sources.get(serial)!,
    a.source,
    a.receivedMs,
    a.sameInstantIsDuplicate,
  );
  const upload = {
    ...a.upload,
    stored,
    duplicates: a.records.length - stored + (a.alreadyDuplicates ?? 0),
  };
  if (!stored) {
    const { id, insert } = uploadInsert(upload);
    await db.execute(insert);
    return { stored: 0, uploadId: id, eventNo: null };
  }
  const imported = importedNos([
    ...named.map((r) => [Number(r.no), r.serial!] as const),
    ...fresh.map((f) => [f.no, f.serial] as const),
  ]);
  const parts = glucoseWriteParts(
    { patientId: a.patientId, changed, imported, before, after: countsOf(blocks, days) },
    EVENT_GUARD,
  );
  if (fresh.length)
    parts.push(sql`insert into sg_sources (patient_id, serial, class, slot, no)
      select ${a.patientId}, u.serial, u.class, u.slot, u.no
        from unnest(${pgArray(fresh.map((f) => f.serial))}::text[], ${pgArray(fresh.map((f) => f.cls))}::smallint[],
                    ${pgArray(fresh.map((f) => f.slot))}::smallint[], ${pgArray(fresh.map((f) => f.no))}::smallint[])
             as u(serial, class, slot, no)
       where ${EVENT_GUARD}`);
  const { id, insert } = uploadInsert(upload, EVENT_GUARD);
  parts.push(insert);
  const seen = seenEventNo === undefined || seenEventNo === null ? null : Number(seenEventNo);
  const tell = a.tellOthers?.(sql`ev.event_no`, seen ?? 0);
  const written = await db.execute(sql`${withParts([eventGuardCte(a.patientId, seen, nowMs)], parts)}
    select event_no${tell ? sql`, ${tell} as told` : sql``} from ev`);
  const eventNo = (written as { rows?: Array<{ event_no: string | number }> }).rows?.[0]?.event_no;
  return eventNo === undefined
    ? null
    : {
        stored,
        uploadId: id,
        eventNo: Number(eventNo),
        othersTold: Boolean(tell),
        previousEventNo: seen ?? 0,
      };
}

/** Sources the patient does not have yet, numbered after the last (as sources.ts sourcesCte does). */
function newSources(a: GlucoseAppend, sources: Map<string, SourceRef>, lastNo: number) {
  const out: Array<{ serial: string; cls: number; slot: number; no: number }> = [];
  for (const r of a.records) {
    if (sources.has(r.serial)) continue;
    const no = lastNo + out.length + 1;
    const entry = { serial: r.serial, cls: sourceClassOf(a.source, r.serial), slot: (no - 1) % 64, no };
    out.push(entry);
    sources.set(r.serial, sourceRefOf({ class: entry.cls, slot: entry.slot, no }));
  }
  return out;
}
