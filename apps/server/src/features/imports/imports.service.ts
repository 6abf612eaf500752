import { ErrorCode } from '@cgm/domain';
import type { ExportQuery, ImportRequest, ImportResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { ApiError } from '../../platform/http/api-error';
import { appendRecords } from '../../patient-data';
import { parseImport } from '../../adapters/file-import';
import { exportFile } from './export-file';

/** A long file is stored in parts of this many records, each committed on its own (appendRecords). */
const COMMIT_EVERY = 5000;
/** The answer names the first problems; the counts tell how many there were. */
const MAX_PROBLEMS = 50;

function checkZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      details: [{ path: 'time_zone', message: 'validation.invalid' }],
    });
  }
}

/** The answer for a file that was read but not stored. */
const unstored = (problems: string[], ask: string | null): ImportResponse => ({
  error: 0,
  upload_id: null,
  read: 0,
  stored: 0,
  duplicates: 0,
  rejected: 0,
  first_time: null,
  last_time: null,
  problems,
  date_order: null,
  date_order_by: null,
  date_order_needed: ask,
});

/** File imports (stored as uploaded data, one upload-history row each) and exports of a range. */
export function createImportsService(ctx: AppContext) {
  return {
    /**
     * A file's records go through the one write path like any upload: each checked alone, stored
     * once (a record the patient already has, from this file or any source, is a duplicate), with
     * one upload-history row. Rows that gave no record and records refused are both reported.
     */
    async import(patientId: string, input: ImportRequest): Promise<ImportResponse> {
      const tz = checkZone(input.time_zone ?? 'UTC');
      const parsed = parseImport(input.format, input.content, tz, input.date_order);
      const order = parsed.dateOrder;
      // Nothing is stored while the dates' order is open: the screen asks, then imports again.
      if (order?.ask || order?.mixed) return unstored(parsed.problems, order.ask);
      const out = await appendRecords(ctx, {
        patientId,
        source: 'uploaded',
        records: parsed.records,
        label: `import:${input.format}${input.filename ? `:${input.filename}` : ''}`.slice(0, 240),
        commitEvery: COMMIT_EVERY,
        sameInstantIsDuplicate: true,
        rejectedUnparsed: parsed.rejected,
      });
      const refused = new Set(out.problems.map((p) => p.index));
      const times = parsed.records.filter((_, i) => !refused.has(i)).map((r) => r.time);
      const problems = [
        ...parsed.problems,
        ...out.problems.map((p) => `${parsed.origins[p.index] ?? `records[${p.index}]`}: ${p.reason}`),
      ];
      return {
        error: 0,
        upload_id: out.uploadId,
        read: parsed.records.length + parsed.rejected,
        stored: out.stored,
        duplicates: out.duplicates,
        rejected: out.rejected,
        first_time: times.length ? times.reduce((a, b) => Math.min(a, b)) : null,
        last_time: times.length ? times.reduce((a, b) => Math.max(a, b)) : null,
        problems: problems.slice(0, MAX_PROBLEMS),
        date_order: order?.order ?? null,
        date_order_by: order?.by ?? null,
        date_order_needed: null,
      };
    },

    export: (patientId: string, q: ExportQuery) => exportFile(ctx.db, patientId, q),
  };
}
