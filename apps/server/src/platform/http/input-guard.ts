import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import { ApiError } from './api-error';

/**
 * Deeper than any document the API takes (a Nightscout profile is about 6 levels): anything deeper
 * is refused before a handler walks it, so no recursive walk can overflow the stack.
 */
export const MAX_INPUT_DEPTH = 64;

export interface InputProblem {
  path: string;
  message: 'validation.unstorableText' | 'validation.tooDeep';
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A NUL (PostgreSQL text cannot hold it) or a lone UTF-16 surrogate (not Unicode at all). */
const unstorable = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** A value on the walk's stack: the path is built only for the one that has a problem. */
interface Step {
  v: unknown;
  parent: Step | null;
  key: string;
  depth: number;
}

const pathOf = (step: Step): string => {
  const keys: string[] = [];
  for (let s: Step | null = step; s; s = s.parent) keys.push(s.key);
  return keys.reverse().filter(Boolean).join('.');
};

/**
 * The first string (value or key) that cannot be stored, or the first level past the depth limit,
 * in a parsed body, query or set of path parameters. Walks with its own stack, never recursion,
 * and builds no path string unless it finds a problem (a device batch has thousands of keys).
 */
export function findInputProblem(value: unknown, root = '', checkText = true): InputProblem | null {
  const stack: Step[] = [{ v: value, parent: null, key: root, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { v, depth } = step;
    if (typeof v === 'string') {
      if (checkText && unstorable(v)) return { path: pathOf(step), message: 'validation.unstorableText' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path: pathOf(step), message: 'validation.tooDeep' };
    for (const key in v) {
      const child = (v as Record<string, unknown>)[key];
      if (checkText && unstorable(key))
        return {
          path: pathOf({ v: child, parent: step, key, depth: depth + 1 }),
          message: 'validation.unstorableText',
        };
      // Scalars other than strings need no step of their own.
      if (child !== null && (typeof child === 'object' || (checkText && typeof child === 'string')))
        stack.push({ v: child, parent: step, key, depth: depth + 1 });
    }
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
