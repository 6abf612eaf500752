import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import { ApiError } from './api-error';
import { unstorableText } from '../lib/storable-text';

/**
 * Deeper than any document the API takes (a Nightscout profile is about 6 levels): anything deeper
 * is refused before a handler walks it, so no recursive walk can overflow the stack.
 */
export const MAX_INPUT_DEPTH = 64;

export interface InputProblem {
  path: string;
  message: 'validation.unstorableText' | 'validation.tooDeep';
}

/** A NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (not Unicode at all). */
const unstorable = (s: string): boolean => unstorableText(s) !== null;

/** A problem found by walk: the keys from it up to the root (innermost first), and what it is. */
interface Found {
  keys: string[];
  message: InputProblem['message'];
}

/**
 * The first string (value or key) that cannot be stored, or the first level past the depth limit,
 * in a parsed body, query or set of path parameters, in document order. The walk recurses, but
 * never deeper than MAX_INPUT_DEPTH, so no input can overflow the stack; it allocates nothing
 * until it finds a problem (a device batch has thousands of keys, and this runs on each).
 */
export function findInputProblem(value: unknown, root = '', checkText = true): InputProblem | null {
  const found = walk(value, 0, checkText);
  if (!found) return null;
  return { path: [root, ...found.keys.reverse()].filter(Boolean).join('.'), message: found.message };
}

/** Only objects, and strings when their text is checked, are worth a call. */
const worthWalking = (v: unknown, checkText: boolean) =>
  (v !== null && typeof v === 'object') || (checkText && typeof v === 'string');

function walk(v: unknown, depth: number, checkText: boolean): Found | null {
  if (typeof v === 'string')
    return checkText && unstorable(v) ? { keys: [], message: 'validation.unstorableText' } : null;
  if (v === null || typeof v !== 'object') return null;
  if (depth >= MAX_INPUT_DEPTH) return { keys: [], message: 'validation.tooDeep' };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = worthWalking(v[i], checkText) ? walk(v[i], depth + 1, checkText) : null;
      if (found) return (found.keys.push(String(i)), found);
    }
    return null;
  }
  for (const key in v) {
    if (checkText && unstorable(key)) return { keys: [key], message: 'validation.unstorableText' };
    const child = (v as Record<string, unknown>)[key];
    const found = worthWalking(child, checkText) ? walk(child, depth + 1, checkText) : null;
    if (found) return (found.keys.push(key), found);
  }
  return null;
}

const NIGHTSCOUT = /^\/api\/v[13]\//;

/**
 * Batches whose records are checked one by one (device ingest, file imports, Nightscout uploads):
 * a record with bad text is rejected with its index and reason while the good ones are stored, so
 * one bad record never makes a device resend, or lose, a whole batch. Only the depth is checked here.
 */
const RECORD_BY_RECORD = /^\/api\/(v1\/|v3\/|v2\.0\/ingest$|v2\.0\/imports\/)/;

/**
 * Every request's parsed input is checked before any route sees it: bad input is a 400 with the
 * catalogue's message (Nightscout's own error shape on its API), never a 500 from the database or
 * a stack overflow, and nothing is changed.
 */
export function guardInput(app: FastifyInstance): void {
  // The address's parts before the access guards use them (they look up the path's ids), the body
  // once it is read, which is after the guards.
  app.addHook('onRequest', async (req, reply) =>
    refuse(req, reply, findInputProblem(req.params, 'params') ?? findInputProblem(req.query, 'query')),
  );
  app.addHook('preValidation', async (req, reply) => {
    const checkText = !RECORD_BY_RECORD.test(req.url.split('?')[0] ?? '');
    return refuse(req, reply, findInputProblem(req.body, 'body', checkText));
  });
}

function refuse(req: FastifyRequest, reply: FastifyReply, problem: InputProblem | null) {
  if (!problem) return undefined;
  if (NIGHTSCOUT.test(req.url)) {
    return reply
      .code(400)
      .send({ status: 400, message: 'Bad Request', description: `${problem.path}: ${problem.message}` });
  }
  throw new ApiError(ErrorCode.INVALID_INPUT, { details: [problem] });
}
