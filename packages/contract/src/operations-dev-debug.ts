import { z } from 'zod';

// Operations tools of account administration (part B): the developer debug page (/DevDebug), the
// super admin only.

export const devDebugResponse = z.object({
  error: z.literal(0),
  server: z.object({
    version: z.string(),
    node: z.string(),
    driver: z.enum(['pglite', 'postgres']),
    uptime_s: z.number(),
    started_at: z.number(),
    memory: z.object({
      rss: z.number(),
      heap_used: z.number(),
      heap_total: z.number(),
      external: z.number(),
    }),
  }),
  migrations: z.array(
    z.object({
      tag: z.string().nullable(),
      hash: z.string(),
      /** When the migration was written (the journal's time, which drizzle stores). */
      created_at: z.number(),
      /** When it was applied to this database; null where the database did not record it yet. */
      applied_at: z.number().nullable(),
    }),
  ),
  outbox: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      recipient: z.string(),
      subject: z.string(),
      created_at: z.number(),
      sent_at: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
  bus: z.object({
    transport: z.string(),
    patients: z.number().int(),
    listeners: z.number().int(),
    published: z.number().int(),
    waiting_polls: z.number().int(),
    waiting_patients: z.number().int(),
  }),
});
export type DevDebugResponse = z.infer<typeof devDebugResponse>;
