import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { principal } from '../../access/nightscout-principal';
import { findDocs, historyDocs, lastModified } from './ns-documents.repository';
import { COLLECTIONS, type Collection } from './ns-query';
import { parseV3Filter } from './ns-find';
import { NS_VERSION, type NightscoutService } from './ns-service';
import { byIdentifier, collectionOf, type V3Route } from './ns-v3-route';

// API v3 reads: version and status, searches, the srvModified history with tombstones, and one
// document by identifier.

const RESERVED = new Set(['limit', 'skip', 'sort', 'fields', 'token', 'secret', 'now']);

export function registerNightscoutV3ReadRoutes(
  route: V3Route,
  ctx: AppContext,
  svc: NightscoutService,
): void {
  const now = () => ctx.clock.now().getTime();

  route('GET', '/version', 'read', async () => ({
    status: 200,
    result: { version: NS_VERSION, apiVersion: '3.0.3', srvDate: now() },
  }));
  route('GET', '/status', 'read', async (req) => {
    const write = principal(req).permission === 'readwrite';
    const ops = write ? 'crud' : 'r';
    return {
      status: 200,
      result: {
        version: NS_VERSION,
        apiVersion: '3.0.3',
        srvDate: now(),
        storage: { storage: 'postgresql', version: '16' },
        apiPermissions: Object.fromEntries(COLLECTIONS.map((c) => [c, ops])),
      },
    };
  });
  route('GET', '/lastModified', 'read', async (req) => {
    const p = principal(req);
    return { status: 200, result: { srvDate: now(), collections: await lastModified(ctx.db, p.patientId) } };
  });

  route('GET', '/:col', 'read', async (req, reply) => {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const q = req.query as Record<string, string>;
    const sortDesc = q['sort$desc'];
    const limit = Math.min(Math.max(Number(q.limit) || 100, 1), 1000);
    // A negative or unreadable skip is the client's mistake (search/input.js), not a server error.
    const skip = q.skip === undefined || q.skip === '' ? 0 : Number(q.skip);
    if (!Number.isInteger(skip) || skip < 0)
      return reply.code(400).send({ status: 400, message: 'Parameter skip out of tolerance' });
    const docs = await findDocs(ctx.db, principal(req).patientId, col, parseV3Filter(q, RESERVED), {
      limit,
      skip,
      ...(sortDesc || q.sort ? { sortField: dateSort(col, sortDesc ?? q.sort!), ascending: !sortDesc } : {}),
    });
    return { status: 200, result: docs.map((d) => svc.present(d, true)) };
  });

  route('GET', '/:col/history', 'read', async (req, reply) =>
    history(
      req,
      reply,
      Number(req.headers['last-modified'] ? Date.parse(String(req.headers['last-modified'])) - 1 : 0),
    ),
  );
  route('GET', '/:col/history/:since', 'read', async (req, reply) =>
    history(req, reply, Number((req.params as { since: string }).since) || 0),
  );
  async function history(req: FastifyRequest, reply: FastifyReply, since: number) {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const limit = Math.min(Math.max(Number((req.query as { limit?: string }).limit) || 1000, 1), 1000);
    const docs = await historyDocs(ctx.db, principal(req).patientId, col, since, limit);
    const newest = docs.reduce((m, d) => Math.max(m, d.srvModified), since);
    if (newest > 0)
      reply.header('Last-Modified', new Date(newest).toUTCString()).header('ETag', `W/"${newest}"`);
    return { status: 200, result: docs.map((d) => svc.present(d, true)) };
  }

  route('GET', '/:col/:identifier', 'read', async (req, reply) => {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const [doc] = await byIdentifier(ctx.db, req, col, true);
    if (!doc) return reply.code(404).send({ status: 404 });
    if (doc.deleted) return reply.code(410).send({ status: 410 });
    return { status: 200, result: svc.present(doc, true) };
  });
}

/** Sorting by the document's time uses the time column (v3 clients sort by `date` or `created_at`). */
const dateSort = (col: Collection, field: string) =>
  (col === 'entries' && field === 'date') || field === 'created_at' ? undefined : field;
