import { checkDateRange, ErrorCode, MAX_RANGE_DAYS_LONG, addDays } from '@cgm/domain';
import type { z } from 'zod';
import type { patientExportQuery } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { assertMayAccessPatient } from '../../access/patient-data';
import { exportCsv, exportJson } from '../../adapters/file-import';
import { createExportRepository } from './export.repository';

type Query = z.output<typeof patientExportQuery>;

export interface ExportFile {
  filename: string;
  contentType: string;
  chunks: Generator<string>;
}

/**
 * A patient's data for a clinic (spec §2 /ClinicExportData): sensor glucose, BG, basal, boluses
 * and events of up to 90 local days (spec §5 "Dates"), as CSV or JSON. The route's policy already
 * checked consent; the service asks again, so no other caller can skip it.
 */
export function createExportService(ctx: AppContext) {
  const repo = createExportRepository(ctx.readDb);
  return {
    async build(actor: Actor, patientId: string, q: Query): Promise<ExportFile> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const range = checkDateRange(q.from, q.to, MAX_RANGE_DAYS_LONG);
      if (!range.ok) {
        fail(ErrorCode.INVALID_INPUT, {
          message: range.problem,
          details: [{ path: 'to', message: range.problem! }],
        });
      }
      const days = {
        localFrom: new Date(`${q.from}T00:00:00Z`),
        localTo: new Date(`${addDays(q.to, 1)}T00:00:00Z`),
      };
      const [name, records] = await Promise.all([repo.patientName(patientId), repo.read(patientId, days)]);
      const data = {
        patient: { uid: patientId, name },
        from: q.from,
        to: q.to,
        generatedAt: ctx.clock.now().getTime(),
        ...records,
      };
      const base = `cgm-export-${q.from}-${q.to}`;
      return q.format === 'json'
        ? {
            filename: `${base}.json`,
            contentType: 'application/json; charset=utf-8',
            chunks: exportJson(data),
          }
        : { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', chunks: exportCsv(data) };
    },
  };
}
