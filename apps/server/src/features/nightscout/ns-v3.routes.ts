import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { principal } from '../../access/nightscout-principal';
import { findDocs, historyDocs, lastModified } from './ns-documents.repository';
import { COLLECTIONS, type Collection } from './ns-query';
import { parseV3Filter } from './ns-find';
import { createNightscoutService, NS_VERSION } from './ns-service';
import { guardPattern, NS_BODY_LIMIT } from './ns-v1.routes';
import { changedFixedField, twinSearches, v3Refusal, withFixedFields } from './ns-v3-rules';
import type { Doc } from './ns-docs';

// API v3 (lib/api3) as AndroidAPS 3.2+ uses it: `{status, result}` bodies, identifiers, srvModified
// history with tombstones, soft deletes. Same credentials (the JWT of /api/v2/authorization).

const V3 = '/api/v3';
const RESERVED = new Set(['limit', 'skip', 'sort', 'fields', 'token', 'secret', 'now']);
type Need = 'read' | 'write';

/**
 * The route's collection, or null when `:col` names none (answered 404). Whether the credential may
 * use it was decided before the route ran (the access rule's `collectionParam`).
 */
function collectionOf(req: FastifyRequest, reply: FastifyReply): Collection | null {
  const col = (req.params as { col: string }).col as Collection;
  if (!COLLECTIONS.includes(col)) {
    void reply.code(404).send({ status: 404, message: 'Collection not found' });
    return null;
  }
  return col;
}

/** An OAuth app uses only the collections its scopes name (access/nightscout-guard.ts). */
const COLLECTION_PARAM = { name: 'col', known: COLLECTIONS };

export function registerNightscoutV3Routes(app: FastifyInstance, ctx: AppContext): void {
  const svc = createNightscoutService(ctx);
  const now = () => ctx.clock.now().getTime();
  const route = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    need: Need,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => {
    // Also with a trailing slash, as Nightscout (Express) answers.
    for (const path of [`${V3}${url}`, `${V3}${url}/`])
      app.route({
        method,
        url: path,
        bodyLimit: NS_BODY_LIMIT,
        config: {
          access: {
            kind: 'nightscout',
            need,
            ...(url.includes(':col') ? { collectionParam: COLLECTION_PARAM } : {}),
          },
        },
        schema: { hide: true },
        handler: guardPattern(handler),
      });
  };

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
    const [doc] = await byIdentifier(req, col, true);
    if (!doc) return reply.code(404).send({ status: 404 });
    if (doc.deleted) return reply.code(410).send({ status: 410 });
    return { status: 200, result: svc.present(doc, true) };
  });

  route('POST', '/:col', 'write', async (req, reply) => {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const refusal = v3Refusal(col, req.body);
    if (refusal) return reply.code(400).send({ status: 400, message: refusal });
    const body = req.body as Doc;
    const twin = await findTwin(principal(req).patientId, col, body);
    // A deleted document stays deleted: a resend is answered as stored, and changes nothing.
    if (twin?.deleted)
      return {
        status: 200,
        identifier: twin.identifier,
        lastModified: twin.srvModified,
        isDeduplication: true,
      };
    // A document stored without an identifier (v1) that this one is: it takes the stored identifier.
    const doc = twin && col !== 'entries' ? { ...body, identifier: twin.identifier } : body;
    const out = await svc.write(principal(req), col, [doc], 'v3');
    const outcome = out.outcomes[0];
    if (!outcome || typeof outcome === 'object')
      return reply
        .code(400)
        .send({ status: 400, message: outcome ? outcome.rejected : 'Bad or missing request body' });
    const stored = out.docs[0]!;
    const result = { identifier: stored.identifier, lastModified: now() };
    if (outcome === 'created') return reply.code(201).send({ status: 201, ...result });
    const other = typeof body.identifier === 'string' && body.identifier !== stored.identifier;
    return {
      status: 200,
      ...result,
      isDeduplication: true,
      ...(other ? { deduplicatedIdentifier: stored.identifier } : {}),
    };
  });
  const update = async (req: FastifyRequest, reply: FastifyReply, patch: boolean) => {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const identifier = (req.params as { identifier: string }).identifier;
    const [current] = await byIdentifier(req, col, true);
    if (patch && !current) return reply.code(404).send({ status: 404 });
    if (current?.deleted) return reply.code(410).send({ status: 410 });
    const refusal = v3Refusal(col, req.body, patch || current !== undefined);
    if (refusal) return reply.code(400).send({ status: 400, message: refusal });
    const given = req.body as Doc;
    const fixed = current ? changedFixedField(col, given, current) : null;
    if (fixed)
      return reply
        .code(400)
        .send({ status: 400, message: `Field ${fixed} cannot be modified by the client` });
    const merged = current ? withFixedFields(patch ? { ...current.doc, ...given } : given, current) : given;
    const out = await svc.write(principal(req), col, [{ ...merged, identifier }], 'v3');
    const outcome = out.outcomes[0];
    if (typeof outcome === 'object') return reply.code(400).send({ status: 400, message: outcome.rejected });
    if (!current) return reply.code(201).send({ status: 201, identifier, lastModified: now() });
    return { status: 200, identifier, lastModified: now() };
  };
  route('PUT', '/:col/:identifier', 'write', (req, reply) => update(req, reply, false));
  route('PATCH', '/:col/:identifier', 'write', (req, reply) => update(req, reply, true));
  route('DELETE', '/:col/:identifier', 'write', async (req, reply) => {
    const col = collectionOf(req, reply);
    if (!col) return reply;
    const identifier = (req.params as { identifier: string }).identifier;
    const permanent = (req.query as { permanent?: string }).permanent === 'true';
    const n = await svc.remove(
      principal(req),
      col,
      [{ field: '_id', op: '$eq', values: [identifier] }],
      permanent,
    );
    return n ? { status: 200 } : reply.code(404).send({ status: 404 });
  });

  /** The stored document a create is, deleted ones included; never one the portal made itself. */
  async function findTwin(patientId: string, col: Collection, body: Doc) {
    for (const conditions of twinSearches(col, body)) {
      const [doc] = await findDocs(ctx.db, patientId, col, conditions, { limit: 1, includeDeleted: true });
      if (doc && doc.seq >= 0) return doc;
    }
    return undefined;
  }

  function byIdentifier(req: FastifyRequest, col: Collection, includeDeleted: boolean) {
    const identifier = (req.params as { identifier: string }).identifier;
    return findDocs(
      ctx.db,
      principal(req).patientId,
      col,
      [{ field: '_id', op: '$eq', values: [identifier] }],
      {
        limit: 1,
        includeDeleted,
      },
    );
  }
}

/** Sorting by the document's time uses the time column (v3 clients sort by `date` or `created_at`). */
const dateSort = (col: Collection, field: string) =>
  (col === 'entries' && field === 'date') || field === 'created_at' ? undefined : field;
