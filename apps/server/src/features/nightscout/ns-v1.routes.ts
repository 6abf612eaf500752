import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { isObjectId, type Doc } from './ns-docs';
import { principal, resolveNightscout, unauthorized } from '../../access/nightscout-principal';
import { CredentialGoneError, forgetKept } from '../../access/nightscout-kept';
import { badPatternBody, isBadPattern, type Collection, type Condition } from './ns-query';
import { parseV1Find } from './ns-find';
import { splitPreBolus } from './ns-prebolus';
import { createNightscoutService, type NightscoutService } from './ns-service';
import type { StoredDoc } from './ns-documents.repository';
import { sendJsonText } from '../../platform/http/json-text';

/** Uploaders send days of readings after being offline: a larger body than the rest of the API. */
export const NS_BODY_LIMIT = 16 * 1024 * 1024;
const V1 = '/api/v1';
type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Each path also answers with Nightscout's `.json` suffix. */
export function nsRoute(
  app: FastifyInstance,
  method: Method,
  path: string,
  need: 'read' | 'write' | 'write rechecked' | { reads: readonly Collection[] },
  handler: Handler,
) {
  // 'write rechecked': the write confirms the credential itself (access/nightscout-kept.ts).
  const access =
    need === 'write rechecked'
      ? ({ kind: 'nightscout', need: 'write', recheckedOnWrite: true } as const)
      : typeof need === 'string'
        ? ({ kind: 'nightscout', need } as const)
        : ({ kind: 'nightscout', need: 'read', reads: need.reads } as const);
  // Nightscout (Express) also answers a path with a trailing slash, and its careportal uses it.
  const paths = path.includes(':') ? [path] : [path, `${path}/`, `${path}.json`];
  for (const url of paths) {
    app.route({
      method,
      url,
      bodyLimit: NS_BODY_LIMIT,
      config: { access },
      schema: { hide: true },
      handler: guardPattern(handler),
    });
  }
}

/** A `/regex/` the database cannot read is the client's mistake: 400, not 500. */
export function guardPattern(handler: Handler): Handler {
  return async (req, reply) => {
    try {
      return await handler(req, reply);
    } catch (e) {
      if (isBadPattern(e)) return reply.code(400).send(badPatternBody);
      throw e;
    }
  };
}

const stripExt = (v: string) => v.replace(/\.(json|csv|tsv|txt)$/i, '');
const asArray = (body: unknown): unknown[] => (Array.isArray(body) ? body : body == null ? [] : [body]);

/** v1 answers a read with `Last-Modified`, and 304 when the client's copy is current. */
function sendDocs(svc: NightscoutService, req: FastifyRequest, reply: FastifyReply, docs: StoredDoc[]) {
  const newest = docs.reduce((m, d) => Math.max(m, d.srvModified), 0);
  if (newest > 0) {
    reply.header('Last-Modified', new Date(newest).toUTCString());
    const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
    if (!Number.isNaN(since) && Math.floor(newest / 1000) * 1000 <= since) return reply.code(304).send();
  }
  return docs.map((d) => svc.present(d));
}

export function registerNightscoutV1Routes(app: FastifyInstance, ctx: AppContext): void {
  const svc = createNightscoutService(ctx);

  const list = (collection: Collection) => async (req: FastifyRequest, reply: FastifyReply) => {
    const p = principal(req);
    return sendDocs(svc, req, reply, await svc.findV1(p, collection, req.query as Record<string, unknown>));
  };
  /**
   * POST answers 200 with one item per document sent, in order (Loop requires as many as it sent):
   * the stored document with its `_id`, or `{error}` for one refused (and not stored). Only when
   * nothing at all could be stored is the answer 400.
   */
  const create = (collection: Collection) => async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.body;
    if (collection === 'entries' && body && !Array.isArray(body) && (body as Doc).date === undefined)
      return reply
        .code(400)
        .send({ status: 400, message: 'Bad Request', description: 'An entry needs date' });
    const docs = asArray(body);
    const now = ctx.clock.now().getTime();
    const out = await svc
      .write(principal(req), collection, collection === 'treatments' ? splitPreBolus(docs, now) : docs, 'v1')
      .catch((e: unknown) => {
        if (!(e instanceof CredentialGoneError)) throw e;
        forgetKept(ctx, req.nightscoutGiven!);
        return null;
      });
    if (!out) return reply.code(401).send(unauthorized('Invalid/Missing'));
    if (out.rejected > 0 && out.rejected === out.outcomes.length)
      return reply.code(400).send({
        status: 400,
        message: 'Bad Request',
        description: String(Object.values(out.outcomes[0]!)[0]),
      });
    return out.docsJson ? sendJsonText(reply, out.docsJson) : out.docs;
  };
  const removeByQuery = (collection: Collection) => async (req: FastifyRequest) => {
    const p = principal(req);
    const conditions = parseV1Find(req.query as Record<string, unknown>);
    // A DELETE without find deletes nothing (Nightscout would delete the last 4 days of everything);
    // with one, it covers the last 4 days unless it names an `_id` or bounds the time itself.
    const n = conditions.length ? await svc.removeV1(p, collection, conditions) : 0;
    return { result: { n, ok: 1 }, n, ok: 1, deletedCount: n };
  };
  /**
   * `DELETE /entries/{type|id}` and `/treatments/{id|*}` (lib/api/entries, lib/api/treatments): an
   * entry id names that one entry; otherwise the path's type or id is added to the request's
   * `find`, so `entries/sgv.json?find[date]=…` deletes only the matching readings. `*` adds nothing:
   * the `find` alone, or without one every document of the last 4 days (Nightscout's window).
   */
  const removeOne = (collection: Collection) => async (req: FastifyRequest) => {
    const spec = stripExt((req.params as { spec: string }).spec);
    const find = parseV1Find(req.query as Record<string, unknown>);
    const byId = isObjectId(spec) || collection !== 'entries';
    const conditions: Condition[] =
      collection === 'entries' && isObjectId(spec)
        ? [{ field: '_id', op: '$eq', values: [spec] }]
        : spec === '*'
          ? find
          : [...find, { field: byId ? '_id' : 'type', op: '$eq', values: [spec] }];
    const n = await svc.removeV1(principal(req), collection, conditions);
    return { result: { n, ok: 1 }, n, ok: 1, deletedCount: n };
  };

  // Entries.
  nsRoute(app, 'GET', `${V1}/entries`, { reads: ['entries'] }, list('entries'));
  nsRoute(app, 'POST', `${V1}/entries`, 'write rechecked', create('entries'));
  nsRoute(app, 'DELETE', `${V1}/entries`, 'write', removeByQuery('entries'));
  nsRoute(app, 'GET', `${V1}/entries/:spec`, { reads: ['entries'] }, async (req, reply) => {
    const p = principal(req);
    const spec = stripExt((req.params as { spec: string }).spec);
    const query = req.query as Record<string, unknown>;
    if (spec === 'current')
      return sendDocs(svc, req, reply, await svc.findV1(p, 'entries', { ...query, count: '1' }));
    const extra: Condition[] = isObjectId(spec)
      ? [{ field: '_id', op: '$eq', values: [spec] }]
      : [{ field: 'type', op: '$eq', values: [spec] }];
    return sendDocs(svc, req, reply, await svc.findV1(p, 'entries', query, extra));
  });
  nsRoute(app, 'DELETE', `${V1}/entries/:spec`, 'write', removeOne('entries'));

  // Treatments: PUT replaces (upserts) by identifier / _id, as xDrip+ and Loop use it.
  nsRoute(app, 'GET', `${V1}/treatments`, { reads: ['treatments'] }, list('treatments'));
  nsRoute(app, 'POST', `${V1}/treatments`, 'write', create('treatments'));
  nsRoute(app, 'PUT', `${V1}/treatments`, 'write', create('treatments'));
  nsRoute(app, 'DELETE', `${V1}/treatments`, 'write', removeByQuery('treatments'));
  nsRoute(app, 'DELETE', `${V1}/treatments/:spec`, 'write', removeOne('treatments'));

  // Device status: never de-duplicated.
  nsRoute(app, 'GET', `${V1}/devicestatus`, { reads: ['devicestatus'] }, list('devicestatus'));
  nsRoute(app, 'POST', `${V1}/devicestatus`, 'write', create('devicestatus'));
  nsRoute(app, 'DELETE', `${V1}/devicestatus`, 'write', removeByQuery('devicestatus'));
  nsRoute(app, 'DELETE', `${V1}/devicestatus/:spec`, 'write', removeOne('devicestatus'));

  // Profiles.
  nsRoute(app, 'GET', `${V1}/profile`, { reads: ['profile'] }, list('profile'));
  nsRoute(app, 'GET', `${V1}/profiles`, { reads: ['profile'] }, list('profile'));
  nsRoute(app, 'POST', `${V1}/profile`, 'write', create('profile'));
  nsRoute(app, 'PUT', `${V1}/profile`, 'write', create('profile'));
  nsRoute(app, 'DELETE', `${V1}/profile/:spec`, 'write', removeOne('profile'));
  nsRoute(app, 'GET', `${V1}/profile/current`, { reads: ['profile'] }, async (req) => {
    const p = principal(req);
    const [latest] = await svc.findV1(p, 'profile', { count: '1' });
    return latest ? svc.present(latest) : null;
  });

  // Server and credential checks.
  nsRoute(app, 'GET', `${V1}/status`, 'read', async (req) => svc.status(principal(req)));
  nsRoute(app, 'GET', `${V1}/experiments/test`, 'read', async () => ({ status: 'ok' }));
  for (const url of [`${V1}/verifyauth`, `${V1}/verifyauth/`, `${V1}/verifyauth.json`]) {
    app.get(url, { config: { access: { kind: 'public' } }, schema: { hide: true } }, async (req) => {
      const p = await resolveNightscout(ctx, req);
      return {
        status: 200,
        message: {
          canRead: p !== null,
          canWrite: p?.permission === 'readwrite',
          isAdmin: false,
          message: p ? 'OK' : 'UNAUTHORIZED',
          rolefound: p ? 'FOUND' : 'NOTFOUND',
          permissions: p ? 'ROLE' : 'DEFAULT',
        },
      };
    });
  }

  // v3 clients exchange their access token for a JWT (AAPS NSClientV3).
  nsRoute(app, 'GET', '/api/v2/authorization/request/:accessToken', 'read', async (req, reply) => {
    const p = principal(req);
    if (p.kind !== 'nightscout') return reply.code(401).send(unauthorized('Not a Nightscout access token'));
    const body = await svc.authorized(p);
    if (!body) return reply.code(401).send(unauthorized('Invalid/Missing'));
    return body;
  });
}
