import { readFileSync } from 'node:fs';
import { desc, sql } from 'drizzle-orm';
import type { DevDebugResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { MIGRATIONS_DIR } from '../../platform/db/client';
import { outbox } from '../../platform/db/schema';
import { SERVER_VERSION } from '../../platform/version';

const STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

/** The migration names of the committed journal, by the `when` drizzle stores as created_at. */
function journalTags(): Map<number, string> {
  try {
    const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
      entries: Array<{ when: number; tag: string }>;
    };
    return new Map(journal.entries.map((e) => [e.when, e.tag]));
  } catch {
    return new Map();
  }
}

export interface WaitingStats {
  waiting: number;
  patients: number;
}

/**
 * What the super admin sees on /DevDebug: this process (version, driver, uptime, memory), the
 * migrations applied to the database (drizzle's own table, with the time each was applied where the
 * database recorded it), the latest mail and SMS of the outbox,
 * and the live bus with the monitor's waiting long polls. Read-only; figures are of this process.
 */
export function createDevDebugService(ctx: AppContext, waiting: () => WaitingStats) {
  return {
    async snapshot(): Promise<DevDebugResponse> {
      const [migrations, mail] = await Promise.all([
        // applied_at is the column migration 0007 adds to drizzle's table (null for older rows).
        ctx.db.execute(
          sql`select hash, created_at, applied_at from drizzle.__drizzle_migrations order by id`,
        ),
        ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(50),
      ]);
      const tags = journalTags();
      const mem = process.memoryUsage();
      const bus = ctx.bus.stats();
      const room = waiting();
      const applied =
        (
          migrations as {
            rows?: Array<{ hash: string; created_at: string | number; applied_at: string | Date | null }>;
          }
        ).rows ?? [];
      return {
        error: 0,
        server: {
          version: SERVER_VERSION,
          node: process.version,
          driver: ctx.database.driver,
          uptime_s: Math.round(process.uptime()),
          started_at: STARTED_AT,
          memory: {
            rss: mem.rss,
            heap_used: mem.heapUsed,
            heap_total: mem.heapTotal,
            external: mem.external,
          },
        },
        migrations: applied.map((m) => ({
          tag: tags.get(Number(m.created_at)) ?? null,
          hash: m.hash,
          created_at: Number(m.created_at),
          applied_at: m.applied_at === null ? null : new Date(m.applied_at).getTime(),
        })),
        outbox: mail.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          created_at: m.createdAt.getTime(),
          sent_at: m.sentAt?.getTime() ?? null,
          error: m.error,
        })),
        bus: {
          transport: bus.transport,
          patients: bus.patients,
          listeners: bus.listeners,
          published: bus.published,
          waiting_polls: room.waiting,
          waiting_patients: room.patients,
        },
      };
    },
  };
}
