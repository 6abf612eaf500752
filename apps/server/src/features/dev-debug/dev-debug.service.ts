import { readFileSync } from 'node:fs';
import type { DevDebugResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { MIGRATIONS_DIR } from '../../platform/db/client';
import { SERVER_VERSION } from '../../platform/version';
import { appliedMigrations, latestOutbox } from './dev-debug.repository';

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
      const [applied, mail] = await Promise.all([appliedMigrations(ctx.db), latestOutbox(ctx.db)]);
      const tags = journalTags();
      const mem = process.memoryUsage();
      const bus = ctx.bus.stats();
      const room = waiting();
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
