import type { DeviceRecord } from '@cgm/contract';
import { changePatientData, type DataWriter } from './patient-change';
import { assertDeviceActive } from './device-check';
import type { Checked, RecordProblem } from './record-checks';
import { storeRecords } from './store-records';
import { uploadInsert } from './upload-history';
import type { AppendRequest } from './append-records';

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
 * Stores checked records part after part, each part in its own transaction (and followers told
 * of it), with the request's `betweenParts` (or one turn of the event loop) between them. Parts
 * may be checked lazily (a long history: append-records.ts), so the totals are known only at the
 * last part, which also writes the one upload-history row and does `alsoInTransaction`. An
 * upload that stores nothing still gets its row.
 */
export async function storeInParts(
  ctx: DataWriter,
  req: AppendRequest,
  receivedAt: Date,
  parts: Iterable<Checked>,
): Promise<AppendOutcome> {
  if (req.checkDevice && req.deviceId) await assertDeviceActive(ctx.db, req.deviceId, req.patientId);
  const problems: RecordProblem[] = [];
  const times: number[] = [];
  let good = 0;
  let stored = 0;
  let eventNo: number | null = null;
  let uploadId = '';
  const rejected = () => problems.length + (req.rejectedUnparsed ?? 0);
  const iterator = parts[Symbol.iterator]();
  let next = iterator.next();
  for (let first = true; !next.done; first = false) {
    if (!first) await (req.betweenParts?.() ?? new Promise((resolve) => setImmediate(resolve)));
    const part: DeviceRecord[] = next.value.valid.map((v) => v.record);
    problems.push(...next.value.problems);
    good += part.length;
    for (const r of part) times.push(r.time);
    next = iterator.next();
    const isLast = next.done === true;
    const out = await changePatientData(ctx, req.patientId, async (tx) => {
      const n = part.length
        ? await storeRecords(tx, req.patientId, req.source, part, receivedAt.getTime(), {
            sameInstantIsDuplicate: req.sameInstantIsDuplicate,
          })
        : 0;
      if (!isLast) return { value: n, changed: n > 0 };
      await req.alsoInTransaction?.(tx);
      const upload = uploadInsert({
        patientId: req.patientId,
        source: req.source,
        deviceId: req.deviceId,
        receivedAt,
        stored: stored + n,
        duplicates: good - stored - n,
        rejected: rejected(),
        times,
        label: req.label,
      });
      uploadId = upload.id;
      return { value: n, changed: n > 0, finally: [upload.insert] };
    });
    stored += out.value;
    eventNo = out.eventNo ?? eventNo;
  }
  return {
    error: 0,
    stored,
    duplicates: good - stored,
    rejected: rejected(),
    problems,
    uploadId,
    eventNo,
  };
}
