import { and, desc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { events, profiles } from '../../platform/db/schema';

export type EventRow = typeof events.$inferSelect;
export interface EventWithAuthor {
  event: EventRow;
  authorName: string | null;
}

/** The columns a person's event sets; the rest (id, patient, origin) are fixed at creation. */
export type EventValues = Pick<
  EventRow,
  'time' | 'utcOffsetMin' | 'eventType' | 'value' | 'details' | 'notes'
>;

/** Listing limit: 90 days of a busy logbook is far below it; a runaway range cannot exhaust memory. */
const MAX_ROWS = 5000;

/** SQL of a patient's events (spec §3 "Events"): device events and the ones people entered. */
export function createEventsRepository(db: Db) {
  return {
    /** Newest first; deleted events are gone for every reader. */
    async list(patientId: string, from: Date, to: Date, types: readonly string[] | null) {
      const rows = await db
        .select({ event: events, authorName: profiles.realname })
        .from(events)
        .leftJoin(profiles, eq(profiles.userId, events.createdBy))
        .where(
          and(
            eq(events.patientId, patientId),
            isNull(events.deletedAt),
            gte(events.time, from),
            lt(events.time, to),
            types ? inArray(events.eventType, [...types]) : undefined,
          ),
        )
        .orderBy(desc(events.time), desc(events.id))
        .limit(MAX_ROWS);
      return rows satisfies EventWithAuthor[];
    },

    async one(patientId: string, eid: string): Promise<EventWithAuthor | undefined> {
      const rows = await db
        .select({ event: events, authorName: profiles.realname })
        .from(events)
        .leftJoin(profiles, eq(profiles.userId, events.createdBy))
        .where(and(eq(events.patientId, patientId), eq(events.id, eid), isNull(events.deletedAt)))
        .limit(1);
      return rows[0];
    },

    /** The live (not deleted) events of this patient among `eids`; other patients' ids never match. */
    async findLive(patientId: string, eids: readonly string[]) {
      return db
        .select({ id: events.id, origin: events.origin })
        .from(events)
        .where(and(eq(events.patientId, patientId), inArray(events.id, [...eids]), isNull(events.deletedAt)));
    },

    async insert(rows: Array<EventValues & { id: string; patientId: string; createdBy: string }>) {
      await db.insert(events).values(rows.map((r) => ({ ...r, serial: 'user', seq: null, origin: 'user' })));
    },

    /**
     * Soft delete (kept for the audit trail, invisible to every reader). The WHERE repeats the
     * patient and the origin, so a device event or another patient's event is never touched.
     */
    async softDelete(patientId: string, eids: readonly string[], by: string, at: Date): Promise<number> {
      const done = await db
        .update(events)
        .set({ deletedAt: at, updatedAt: at, updatedBy: by })
        .where(
          and(
            eq(events.patientId, patientId),
            inArray(events.id, [...eids]),
            eq(events.origin, 'user'),
            isNull(events.deletedAt),
          ),
        )
        .returning({ id: events.id });
      return done.length;
    },

    async update(patientId: string, eid: string, values: EventValues, by: string, at: Date): Promise<number> {
      const done = await db
        .update(events)
        .set({ ...values, updatedAt: at, updatedBy: by })
        .where(
          and(
            eq(events.patientId, patientId),
            eq(events.id, eid),
            eq(events.origin, 'user'),
            isNull(events.deletedAt),
          ),
        )
        .returning({ id: events.id });
      return done.length;
    },
  };
}
