import { ErrorCode } from '@cgm/domain';
import type { ExportQuery } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { timelineDocuments } from '../../adapters/nightscout';
import { exportCsv } from './export-csv';

// Exports of a range: Nightscout JSON, the very documents the Nightscout API serves for the range
// (one serializer: adapters/nightscout/ns-documents.ts), which the Nightscout import reads back as
// the same data; or one CSV table of the stored rows (export-csv.ts), which the portal's CSV import
// reads back as the same records.

const MAX_EXPORT_MS = 400 * 86_400_000;

/** The patient's data in [from, to): Nightscout-shaped JSON (re-importable) or one CSV table. */
export async function exportFile(
  db: Db,
  patientId: string,
  q: ExportQuery,
): Promise<{ type: string; body: string; filename: string }> {
  if (q.to <= q.from || q.to - q.from > MAX_EXPORT_MS)
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      details: [{ path: 'to', message: 'validation.invalid' }],
    });
  const name = `cgm-${new Date(q.from).toISOString().slice(0, 10)}-${new Date(q.to - 1).toISOString().slice(0, 10)}`;
  if (q.format === 'json')
    return {
      type: 'application/json',
      filename: `${name}.json`,
      body: JSON.stringify(await timelineDocuments(db, patientId, q.from, q.to)),
    };
  return {
    type: 'text/csv; charset=utf-8',
    filename: `${name}.csv`,
    body: await exportCsv(db, patientId, q),
  };
}
