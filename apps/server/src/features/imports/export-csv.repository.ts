import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { basalSegments, bgReadings, boluses, events } from '../../platform/db/schema';

// The stored rows of one patient's range [from, to) that the CSV export writes beside the glucose
// records, each kind sorted by time.

export async function exportRowsOfRange(db: Db, patientId: string, from: Date, to: Date) {
  const range = <T extends typeof bgReadings | typeof boluses | typeof basalSegments | typeof events>(t: T) =>
    and(eq(t.patientId, patientId), gte(t.time, from), lt(t.time, to));
  const [bg, bolus, basal, ev] = await Promise.all([
    db.select().from(bgReadings).where(range(bgReadings)).orderBy(bgReadings.time),
    db.select().from(boluses).where(range(boluses)).orderBy(boluses.time),
    db.select().from(basalSegments).where(range(basalSegments)).orderBy(basalSegments.time),
    db
      .select()
      .from(events)
      .where(and(range(events), isNull(events.deletedAt)))
      .orderBy(events.time),
  ]);
  return { bg, bolus, basal, ev };
}
