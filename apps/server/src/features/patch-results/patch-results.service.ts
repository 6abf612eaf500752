import type { z } from 'zod';
import type { PatchResult, patchResultsQuery, patchResultsReport } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { InputProblems, isCalendarDay } from '../../platform/http/input-problems';
import { newId } from '../../platform/lib/crypto';
import { patchResults } from '../../platform/db/schema';
import { adminScopeOf } from '../../access/admin-scope';
import type { DeviceIdentity } from '../../access/device-token';
import { countryCondition } from '../../access/admin-scope';
import {
  createPatchResultsRepository,
  searchCondition,
  type NewPatchResult,
  type PatchResultRow,
} from './patch-results.repository';

const DAY_MS = 86_400_000;

const toItem = (r: PatchResultRow): PatchResult => ({
  id: r.id,
  serial: r.serial,
  kind: r.kind,
  result: r.result,
  code: r.code,
  details: (r.details as Record<string, unknown> | null) ?? null,
  country: r.country,
  reported_at: r.reportedAt.getTime(),
  received_at: r.receivedAt.getTime(),
});

/**
 * Patch results (spec §2 /EasyPatchResult): the patch app reports activation and self-test results
 * by serial with its device token; account admins search them within their scope. A result takes
 * the country of the patient whose app reported it (device quality data, no patient link kept).
 */
export function createPatchResultsService(ctx: AppContext) {
  const repo = createPatchResultsRepository(ctx.db);
  return {
    async report(device: DeviceIdentity, input: z.output<typeof patchResultsReport>) {
      const country = await repo.countryOf(device.patientId);
      const seen = new Set<string>();
      const rows: NewPatchResult[] = [];
      for (const r of input.results) {
        const key = `${r.serial}|${r.kind}|${r.reported_at}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({
          id: newId(),
          serial: r.serial,
          kind: r.kind,
          result: r.result,
          code: r.code ?? null,
          details: r.details ?? null,
          country,
          reportedBy: device.deviceId,
          reportedAt: new Date(r.reported_at),
        });
      }
      const stored = await repo.insertNew(rows, ctx.clock.now());
      return { error: 0 as const, stored, duplicates: input.results.length - stored };
    },

    async search(actor: Actor, q: z.output<typeof patchResultsQuery>) {
      const problems = new InputProblems();
      problems.check(!q.from || isCalendarDay(q.from), 'from', 'validation.date');
      problems.check(!q.to || isCalendarDay(q.to), 'to', 'validation.date');
      problems.check(!q.from || !q.to || q.from <= q.to, 'to', 'patchResults.errors.rangeOrder');
      problems.throwIfAny();
      const scope = await adminScopeOf(ctx.db, actor);
      const where = searchCondition({
        scope: countryCondition(scope, patchResults.country, q.country),
        serial: q.serial || undefined,
        kind: q.kind,
        result: q.result,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
      });
      const { total, rows } = await repo.search(where, (q.page - 1) * q.size, q.size);
      return {
        error: 0 as const,
        results: rows.map(toItem),
        paging: { page: q.page, size: q.size, total, pages: Math.ceil(total / q.size) },
      };
    },
  };
}
