import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { principal } from '../../access/nightscout-principal';
import { findDocs } from './ns-documents.repository';
import type { Collection } from './ns-query';
import type { NightscoutService } from './ns-service';
import { changedFixedField, twinSearches, v3Refusal, withFixedFields } from './ns-v3-rules';
import { byIdentifier, collectionOf, type V3Route } from './ns-v3-route';
import type { Doc } from './ns-docs';

// API v3 writes: create (with Nightscout's de-duplication), replace, patch and (soft) delete.

export function registerNightscoutV3WriteRoutes(
  route: V3Route,
  ctx: AppContext,
  svc: NightscoutService,
): void {
  const now = () => ctx.clock.now().getTime();
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
    const [current] = await byIdentifier(ctx.db, req, col, true);
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
}
