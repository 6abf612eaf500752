// Where the simulated devices write their records. Each record gets its device's serial, the
// patient's UTC offset and a sequence number. The sequence number is derived from the minute the
// record is written (minute × 64, then +1 for each further record of that device in that minute):
// strictly increasing per device, identical for the same simulated moment in every run, and a
// restarted stream that re-sends a past stretch repeats the same (serial, seq) pairs, which the
// ingest API stores once.

import type { DeviceRecord } from '@cgm/contract';
import { MS_PER_MINUTE } from '@cgm/domain';
import type { Serials } from './profile';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RecordDraft = DistributiveOmit<DeviceRecord, 'serial' | 'seq' | 'utc_offset_min'>;
export type DeviceKey = keyof Serials;

const SEQ_PER_MINUTE = 64;

export class RecordSink {
  /** The moment being simulated; records written now get their sequence numbers from it. */
  now = 0;
  private out: DeviceRecord[] = [];
  private readonly lastSeq: Record<DeviceKey, number> = { transmitter: -1, pumpBase: -1, pdm: -1 };

  constructor(
    private readonly serials: Serials,
    private readonly utcOffsetMin: number,
    /** Records timed before this are not kept (the model's run-in before the visible history). */
    private readonly visibleFrom: number,
  ) {}

  emit(device: DeviceKey, draft: RecordDraft): void {
    const seq = Math.max(this.lastSeq[device] + 1, Math.floor(this.now / MS_PER_MINUTE) * SEQ_PER_MINUTE);
    this.lastSeq[device] = seq;
    if (draft.time < this.visibleFrom) return;
    // Drafts are fresh objects of the caller: completing them in place spares a copy per record.
    const record = draft as DeviceRecord;
    record.serial = this.serials[device];
    record.seq = seq;
    record.utc_offset_min = this.utcOffsetMin;
    this.out.push(record);
  }

  /** The records written since the last call. */
  drain(): DeviceRecord[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}
