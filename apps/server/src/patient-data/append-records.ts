import type { Db } from '../db/client';
import { changePatientData, type DataWriter } from './patient-change';
import { checkRecords, type RecordProblem } from './record-checks';
import { storeRecords, type Source } from './store-records';
import { recordUpload } from './upload-history';

export interface AppendRequest {
  patientId: string;
  /** 'realtime': the portal's own device apps; 'uploaded': other apps and file imports. */
  source: Source;
  /** As received: each is checked on its own. */
  records: readonly unknown[];
  /** The device app that sent them (its last-seen time is kept), if any. */
  deviceId?: string | null;
  /** Upload-history label (Nightscout client, import file, demo). */
  label?: string | null;
  /**
   * Store a long history in parts of this many records, each part committed (and followers told)
   * on its own, with a turn of the event loop between parts so an embedded database keeps
   * answering requests. The upload history still gets one row, with the last part.
   */
  commitEvery?: number;
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

export interface AppendOutcome {
  error: 0;
  stored: number;
  duplicates: number;
  rejected: number;
  problems: RecordProblem[];
  uploadId: string;
  /** The live event number of the last commit that stored something; null when nothing was new. */
  eventNo: number | null;
}

/**
 * The one write path of a patient's device records (DESIGN.md "patient-data"): each record is
 * checked alone (a bad one is rejected with its index and reason, the good ones are stored), the
 * good ones are stored exactly once with their derived data, one upload-history row is written,
 * and followers are told after the commit. The answer comes only after everything is durable.
 */
export async function appendRecords(ctx: DataWriter, req: AppendRequest): Promise<AppendOutcome> {
  const receivedAt = ctx.clock.now();
  const { valid, problems } = checkRecords(req.records, receivedAt.getTime());
  const good = valid.map((v) => v.record);
  const size = req.commitEvery && req.commitEvery > 0 ? req.commitEvery : Math.max(1, good.length);
  let stored = 0;
  let eventNo: number | null = null;
  let uploadId = '';
  for (let start = 0; start === 0 || start < good.length; start += size) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const part = good.slice(start, start + size);
    const isLast = start + size >= good.length;
    const out = await changePatientData(ctx, req.patientId, async (tx) => {
      const n = part.length
        ? await storeRecords(tx, req.patientId, req.source, part, receivedAt.getTime(), {
            sameInstantIsDuplicate: req.sameInstantIsDuplicate,
          })
        : 0;
      if (isLast) {
        uploadId = await recordUpload(tx, {
          patientId: req.patientId,
          source: req.source,
          deviceId: req.deviceId,
          receivedAt,
          stored: stored + n,
          duplicates: good.length - stored - n,
          rejected: problems.length + (req.rejectedUnparsed ?? 0),
          times: good.map((r) => r.time),
          label: req.label,
        });
        await req.alsoInTransaction?.(tx);
      }
      return { value: n, changed: n > 0 };
    });
    stored += out.value;
    eventNo = out.eventNo ?? eventNo;
  }
  return {
    error: 0,
    stored,
    duplicates: good.length - stored,
    rejected: problems.length + (req.rejectedUnparsed ?? 0),
    problems,
    uploadId,
    eventNo,
  };
}
