import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { dataOptions } from '../../platform/db/schema';
import { newId } from '../../platform/lib/crypto';

export interface OptionRangeRow {
  option: 'daopapp' | 'pdm';
  kind: 'cgms' | 'pump';
  start: number;
  end: number | null;
}

/** SQL of the data options (spec §3 options): one row per time range of an option and a device kind. */
export function createDataOptionsRepository(db: Db) {
  return {
    async list(patientId: string): Promise<OptionRangeRow[]> {
      const rows = await db
        .select()
        .from(dataOptions)
        .where(eq(dataOptions.patientId, patientId))
        .orderBy(asc(dataOptions.option), asc(dataOptions.kind), asc(dataOptions.startsAt));
      return rows.map((r) => ({
        option: r.option,
        kind: r.kind,
        start: r.startsAt.getTime(),
        end: r.endsAt?.getTime() ?? null,
      }));
    },

    /** Replaces the patient's whole list in one transaction: a reader sees the old or the new list. */
    async replace(patientId: string, rows: readonly OptionRangeRow[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(dataOptions).where(eq(dataOptions.patientId, patientId));
        if (rows.length === 0) return;
        await tx.insert(dataOptions).values(
          rows.map((r) => ({
            id: newId(),
            patientId,
            option: r.option,
            kind: r.kind,
            startsAt: new Date(r.start),
            endsAt: r.end === null ? null : new Date(r.end),
          })),
        );
      });
    },
  };
}
