import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { pgArray } from './bulk-insert';
import { lockPatientData } from './data-events';
import type { SgBlockRecord } from './glucose-block';
import { hourOf } from './glucose-block';
import {
  blocksOf,
  daysOfHours,
  hoursOfDays,
  importedNos,
  mergeReadings,
  type BlockRow,
  type Blocks,
  type SgRecord,
} from './glucose-merge';
import { glucoseWriteParts, runParts } from './glucose-write-sql';
import { IMPORTED_SERIAL_PREFIX, sourceRefOf, sourcesByNo, sourcesCte, type SourceRef } from './sources';
import type { Source } from './store-records';

// The writer of sensor glucose (sg_blocks) inside a caller's transaction, under the patient's data
// lock (data-events.ts). A write reads the hour blocks of the UTC days it touches once, merges or
// removes records in memory (glucose-merge.ts), and writes back only the hours that changed: a
// live reading costs one block row. (The hourly and daily counts the patient list once read went
// with migration 0021: the list reads patient_list_summaries.) A device upload of readings
// alone is written in one statement instead (glucose-append.ts), with the same merge and parts.

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

/**
 * Stores sensor readings once each (the rules: glucose-merge.ts mergeReadings) in the caller's
 * transaction. Returns how many were new.
 */
export async function storeGlucose(
  tx: Db,
  patientId: string,
  source: Source,
  records: readonly SgRecord[],
  receivedMs: number,
  {
    sameInstantIsDuplicate = false,
    patientLocked = false,
    writesTo,
  }: { sameInstantIsDuplicate?: boolean; patientLocked?: boolean; writesTo?: SQL[] } = {},
): Promise<number> {
  if (!records.length) return 0;
  if (!patientLocked) await lockPatientData(tx, patientId);
  const days = daysOfHours(records.map((r) => hourOf(r.time)));
  const { sources, imported, blocks } = await readSourcesAndDays(
    tx,
    patientId,
    source,
    records.map((r) => r.serial),
    days,
  );
  const { changed, stored } = mergeReadings(
    blocks,
    records,
    (serial) => sources.get(serial)!,
    source,
    receivedMs,
    sameInstantIsDuplicate,
  );
  if (!stored) return 0;
  const parts = glucoseWriteParts({ patientId, changed, imported });
  if (writesTo) writesTo.push(...parts);
  else await runParts(tx, parts);
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
  await lockPatientData(tx, patientId);
  const serials = await sourcesByNo(tx, patientId);
  const hours = await tx.execute(sql`select hour from sg_blocks where patient_id = ${patientId}
    and hour >= ${hourOf(fromMs)} and hour <= ${hourOf(toMs - 1)}`);
  const touched = ((hours as { rows?: Array<{ hour: number }> }).rows ?? []).map((r) => Number(r.hour));
  const days = daysOfHours(touched);
  if (!days.length) return 0;
  const blocks = await readDays(tx, patientId, days);
  const changed: Blocks = new Map();
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
  await runParts(tx, glucoseWriteParts({ patientId, changed, imported: importedNos(serials) }));
  return removed;
}
