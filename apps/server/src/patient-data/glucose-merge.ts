import type { DeviceRecord } from '@cgm/contract';
import {
  blockOrder,
  decodeBlock,
  flagsOf,
  hourOf,
  rateOrNone,
  SG_UPLOADED,
  type SgBlockRecord,
} from './glucose-block';
import { IMPORTED_SERIAL_PREFIX, type SourceRef } from './sources';
import type { Source } from './store-records';

// The in-memory half of a sensor-glucose write (glucose-store.ts, glucose-append.ts): the touched
// UTC days' hour blocks are merged with the incoming readings here, and the counts recomputed,
// so that both writers decide exactly alike what is new and what changes.

export type SgRecord = Extract<DeviceRecord, { type: 'sg' }>;
/** hour (epoch hours) → records in block order. */
export type Blocks = Map<number, SgBlockRecord[]>;
export type BlockRow = { hour: number | null; packed: Uint8Array | null };
export const DAY_HOURS = 24;

export const hoursOfDays = (days: readonly number[]) =>
  days.flatMap((d) => Array.from({ length: DAY_HOURS }, (_, h) => d * DAY_HOURS + h));

export const daysOfHours = (hours: Iterable<number>) => [
  ...new Set([...hours].map((h) => Math.floor(h / DAY_HOURS))),
];

export const blocksOf = (rows: readonly BlockRow[]): Blocks =>
  new Map(rows.filter((r) => r.packed).map((r) => [Number(r.hour), decodeBlock(r.packed!)]));

/** The numbers of the sources whose serial says they were imported from a file. */
export const importedNos = (serials: Iterable<readonly [number, string]>) =>
  new Set([...serials].filter(([, serial]) => serial.startsWith(IMPORTED_SERIAL_PREFIX)).map(([no]) => no));

/**
 * When the newest reading with a value arrived that Nightscout followers get as the portal's own
 * (realtime and imported ones; documents' readings are served as the documents): the hour's change
 * stamp (column realtime_received_ms) that their v3 history pages by (features/nightscout/ns-documents.repository.ts).
 */
export const followedReceived = (records: readonly SgBlockRecord[], imported: ReadonlySet<number>) =>
  records.reduce<number | null>(
    (m, r) =>
      ((r.flags & SG_UPLOADED) === 0 || imported.has(r.no)) && !Number.isNaN(r.mgdl)
        ? Math.max(m ?? 0, r.receivedMs)
        : m,
    null,
  );

export interface Merged {
  /** The hours whose blocks changed, with their new records. */
  changed: Blocks;
  stored: number;
}

/**
 * Merges readings into `blocks` (changed in place): a reading whose (source, seq) its hour already
 * holds, or that repeats one of the batch, is a duplicate; with `sameInstantIsDuplicate` so is one
 * at an instant the patient already has a reading of, from any source (file imports: CLINICAL.md
 * counts readings at the same time once, and a re-imported export must add nothing).
 */
export function mergeReadings(
  blocks: Blocks,
  records: readonly SgRecord[],
  sourceOf: (serial: string) => SourceRef,
  source: Source,
  receivedMs: number,
  sameInstantIsDuplicate: boolean,
): Merged {
  const incoming = new Map<number, SgBlockRecord[]>();
  for (const r of records) {
    const ref = sourceOf(r.serial);
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
  const changed: Blocks = new Map();
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
  return { changed, stored };
}
