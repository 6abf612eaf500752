import { deviceRecord, type DeviceRecord } from '@cgm/contract';

export interface Checked {
  valid: Array<{ index: number; record: DeviceRecord }>;
  problems: Array<{ index: number; status: 'rejected'; reason: string }>;
}

/**
 * Each record of a batch on its own: a malformed one is rejected with a reason a developer of a
 * device app can act on ("records[3].mgdl: Too big: expected number to be <=1000"), and the others
 * go on (issue: a bad record must not cost the good records of the same batch).
 */
export function checkRecords(records: readonly unknown[], now: number): Checked {
  const out: Checked = { valid: [], problems: [] };
  records.forEach((raw, index) => {
    const parsed = deviceRecord.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
      out.problems.push({
        index,
        status: 'rejected',
        reason: `records[${index}]${where}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    const r = parsed.data;
    // A device clock may run a little fast; a reading more than 10 minutes in the future is wrong.
    if (r.time > now + 10 * 60_000) {
      out.problems.push({ index, status: 'rejected', reason: `records[${index}].time: in the future` });
      return;
    }
    if (r.type === 'sg' && r.mgdl === null && !r.display_code) {
      out.problems.push({
        index,
        status: 'rejected',
        reason: `records[${index}].mgdl: null needs a display_code`,
      });
      return;
    }
    out.valid.push({ index, record: r });
  });
  return out;
}
