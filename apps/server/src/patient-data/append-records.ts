import type { SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/errors';
import type { DeviceRecord } from '@cgm/contract';
import type { LiveChange } from '../platform/bus/live-bus';
import type { DataWriter } from './patient-change';
import { appendGlucoseOnce, type GlucoseAppended } from './glucose-append';
import type { SgRecord } from './glucose-merge';
import { checkRecords, type Checked } from './record-checks';
import type { Source } from './store-records';
import { storeInParts, type AppendOutcome } from './append-in-parts';

export type { AppendOutcome } from './append-in-parts';

export interface AppendRequest {
  patientId: string;
  /** 'realtime': the portal's own device apps; 'uploaded': other apps and file imports. */
  source: Source;
  /** As received: each is checked on its own. */
  records: readonly unknown[];
  /** The device app that sent them (its last-seen time is kept), if any. */
  deviceId?: string | null;
  /**
   * The device's token came from a cache (device-check.ts): the write confirms in its first read
   * that the device is still active, and stores nothing (DeviceNotActiveError) when it is not.
   */
  checkDevice?: boolean;
  /** Upload-history label (Nightscout client, import file, demo). */
  label?: string | null;
  /**
   * Store a long history in parts of this many records, each part committed (and followers told)
   * on its own, with a turn of the event loop between parts so an embedded database keeps
   * answering requests. The upload history still gets one row, with the last part.
   */
  commitEvery?: number;
  /** Awaited between those parts (default: one turn of the event loop). */
  betweenParts?: () => Promise<void>;
  /**
   * A record at an instant the patient already has one of the same kind of (any source) counts as
   * a duplicate: for files, whose records carry no device sequence (store-records.ts).
   */
  sameInstantIsDuplicate?: boolean;
  /**
   * Items of the same upload that did not even become records (rows of a file it could not read):
   * counted as rejected, in the answer and the upload history, after the records' own problems.
   */
  rejectedUnparsed?: number;
  /** Also done in the (last) transaction, e.g. a device's last-seen time. */
  alsoInTransaction?: (tx: Db) => Promise<unknown>;
}

/**
 * The one write path of a patient's device records (DESIGN.md "patient-data"): each record is
 * checked alone (a bad one is rejected with its index and reason, the good ones are stored), the
 * good ones are stored exactly once with their derived data, one upload-history row is written,
 * and followers are told after the commit. The answer comes only after everything is durable.
 */
export async function appendRecords(ctx: DataWriter, req: AppendRequest): Promise<AppendOutcome> {
  const receivedAt = ctx.clock.now();
  // A long history is checked part by part too, each part just before it is stored: checked at
  // once, 100,000 records held the server's thread for a quarter of a second or more.
  if (req.commitEvery && req.commitEvery > 0 && req.records.length > req.commitEvery)
    return appendLongHistory(ctx, req, receivedAt, req.commitEvery);
  const { valid, problems } = checkRecords(req.records, receivedAt.getTime());
  const good = valid.map((v) => v.record);
  const rejected = problems.length + (req.rejectedUnparsed ?? 0);
  const fast = onlyReadings(req, good)
    ? await appendReadingsAtOnce(ctx, req, good, receivedAt, rejected)
    : null;
  if (fast) {
    if (fast.eventNo !== null) {
      const change = readingsChange(req.source, good as SgRecord[], fast.previousEventNo ?? 0);
      ctx.bus.publish(req.patientId, fast.eventNo, 'data', {
        othersTold: fast.othersTold,
        change,
        facts: { alertsWatched: fast.alertsWatched },
      });
    }
    return {
      error: 0,
      stored: fast.stored,
      duplicates: good.length - fast.stored,
      rejected,
      problems,
      uploadId: fast.uploadId ?? '',
      eventNo: fast.eventNo,
    };
  }
  return storeInParts(ctx, req, receivedAt, [{ valid, problems }]);
}

/** The live bus's account of an upload of readings alone: its source and time range. */
function readingsChange(source: Source, records: readonly SgRecord[], previous: number): LiveChange {
  let from = Infinity;
  let to = -Infinity;
  for (const r of records) {
    from = Math.min(from, r.time);
    to = Math.max(to, r.time);
  }
  return { previous, from, to, source };
}

/** An upload of sensor readings alone, stored in one part with nothing else in its transaction. */
function onlyReadings(req: AppendRequest, good: readonly DeviceRecord[]): good is SgRecord[] {
  return good.length > 0 && !req.alsoInTransaction && good.every((r) => r.type === 'sg');
}

/**
 * Sensor readings alone are written in one statement (glucose-append.ts); if other writes of the
 * patient's data keep coming in between, null, and the transaction below does it.
 */
async function appendReadingsAtOnce(
  ctx: DataWriter,
  req: AppendRequest,
  records: SgRecord[],
  receivedAt: Date,
  rejected: number,
): Promise<GlucoseAppended | null> {
  const append = {
    patientId: req.patientId,
    source: req.source,
    records,
    receivedMs: receivedAt.getTime(),
    sameInstantIsDuplicate: req.sameInstantIsDuplicate ?? false,
    checkDevice: req.checkDevice && req.deviceId ? req.deviceId : undefined,
    tellOthers: ctx.bus.tellOthersSql
      ? (eventNo: SQL, previous: number) =>
          ctx.bus.tellOthersSql!(req.patientId, eventNo, readingsChange(req.source, records, previous))
      : undefined,
    upload: {
      patientId: req.patientId,
      source: req.source,
      deviceId: req.deviceId,
      receivedAt,
      rejected,
      times: records.map((r) => r.time),
      label: req.label,
    },
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const out = await appendGlucoseOnce(ctx.db, append, ctx.clock.now().getTime());
      if (out) return out;
    } catch (e) {
      // A source another write recorded in between (its number or serial is taken): read again.
      if (!isUniqueViolation(e)) throw e;
    }
  }
  return null;
}

/** A history longer than one part: each part checked, stored and committed in turn. */
function appendLongHistory(
  ctx: DataWriter,
  req: AppendRequest,
  receivedAt: Date,
  size: number,
): Promise<AppendOutcome> {
  const parts = function* (): Generator<Checked> {
    for (let start = 0; start < req.records.length; start += size)
      yield checkRecords(req.records.slice(start, start + size), receivedAt.getTime(), start);
  };
  return storeInParts(ctx, req, receivedAt, parts());
}
