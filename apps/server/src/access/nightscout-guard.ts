import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { mayRead, resolveNightscout, unauthorized } from './nightscout-principal';

/** What a route of the Nightscout-compatible API asks of the credential (access kind `nightscout`). */
export interface NightscoutRule {
  need: 'read' | 'write';
  /** The collections the route reads: an OAuth app whose scopes do not name them all is refused. */
  reads?: readonly string[];
  /**
   * The route parameter naming the collection it reads or writes (API v3's `:col`): an OAuth app
   * whose scopes do not name it is refused. A name not `known` is no collection: the route answers
   * it (404), as Nightscout does, whoever asks.
   */
  collectionParam?: { name: string; known: readonly string[] };
  /**
   * The write confirms the credential itself (nightscout-kept.ts credentialActiveSql): a credential
   * resolved in the last minute will do.
   */
  recheckedOnWrite?: true;
}

const WRITE_OP: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/**
 * The route guard of access kind `nightscout` (access/route-access.ts): resolves the credential to
 * its patient, refuses writes with a read credential and reads of collections an OAuth app's scopes
 * do not name, and answers refusals in Nightscout's shape.
 */
export function nightscoutGuard(ctx: AppContext, rule: NightscoutRule) {
  const { need, reads = [], collectionParam, recheckedOnWrite } = rule;
  return async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const principal = await resolveNightscout(ctx, req, recheckedOnWrite === true && need === 'write');
    if (!principal) return reply.code(401).send(unauthorized('Invalid/Missing'));
    if (need === 'write' && principal.permission !== 'readwrite') {
      // v3 tells a known subject without the permission apart (403); v1 answers 401 like Nightscout's.
      if (req.url.startsWith('/api/v3/')) {
        const col = req.url.slice('/api/v3/'.length).split(/[/?]/)[0] ?? '';
        return reply.code(403).send({
          status: 403,
          message: `Missing permission api:${col}:${WRITE_OP[req.method] ?? 'create'}`,
        });
      }
      return reply.code(401).send(unauthorized('This credential may only read'));
    }
    if (!reads.every((collection) => mayRead(principal, collection)))
      return reply.code(403).send({
        status: 403,
        message: 'Forbidden',
        description: `Missing permission api:${reads[0]}:read`,
      });
    const col = collectionParam && (req.params as Record<string, unknown>)[collectionParam.name];
    if (typeof col === 'string' && collectionParam!.known.includes(col) && !mayRead(principal, col))
      return reply.code(403).send({ status: 403, message: `Missing permission api:${col}:read` });
    req.nightscout = principal;
    return undefined;
  };
}
