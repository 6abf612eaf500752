import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { principal } from '../../access/nightscout-principal';
import { findDocs } from './ns-documents.repository';
import { COLLECTIONS, type Collection } from './ns-query';
import { guardPattern, NS_BODY_LIMIT } from './ns-v1.routes';

// What every API v3 route shares: its registration (path, body limit, access rule) and the
// collection and document its parameters name.

const V3 = '/api/v3';
type Need = 'read' | 'write';
type V3Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type V3Route = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  need: Need,
  handler: V3Handler,
) => void;

/** An OAuth app uses only the collections its scopes name (access/nightscout-guard.ts). */
const COLLECTION_PARAM = { name: 'col', known: COLLECTIONS };

/** Registers a v3 route under /api/v3, with the access rule of its need. */
export function v3Router(app: FastifyInstance): V3Route {
  return (method, url, need, handler) => {
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
}

/**
 * The route's collection, or null when `:col` names none (answered 404). Whether the credential may
 * use it was decided before the route ran (the access rule's `collectionParam`).
 */
export function collectionOf(req: FastifyRequest, reply: FastifyReply): Collection | null {
  const col = (req.params as { col: string }).col as Collection;
  if (!COLLECTIONS.includes(col)) {
    void reply.code(404).send({ status: 404, message: 'Collection not found' });
    return null;
  }
  return col;
}

/** The document `:identifier` names, of the caller's patient. */
export function byIdentifier(db: Db, req: FastifyRequest, col: Collection, includeDeleted: boolean) {
  const identifier = (req.params as { identifier: string }).identifier;
  return findDocs(db, principal(req).patientId, col, [{ field: '_id', op: '$eq', values: [identifier] }], {
    limit: 1,
    includeDeleted,
  });
}
