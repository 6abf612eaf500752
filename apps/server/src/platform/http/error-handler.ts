import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorInfo } from '@cgm/domain';
import { ApiError } from './api-error';
import { QueueFullError } from '../lib/work-queue';

/**
 * One translation of failures into the spec's body `{ error, message, ... }` with a truthful HTTP
 * status: bad input 400 (never a 500), too large 413, unknown route 404, anything unexpected 500
 * with no internals leaked.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.httpStatus).send({ error: err.code, message: err.message, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'validation.invalid',
      }));
      return reply.status(400).send({
        error: ErrorCode.INVALID_INPUT,
        message: errorInfo(ErrorCode.INVALID_INPUT).messageKey,
        details,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ error: ErrorCode.PAYLOAD_TOO_LARGE, message: 'errors.payloadTooLarge' });
    }
    if (err instanceof QueueFullError) {
      // Password checks are queued full (a login storm): try again in a moment.
      reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(429).send({
        error: ErrorCode.RATE_LIMITED,
        message: 'errors.rateLimited',
        wait_seconds: err.retryAfterSeconds,
      });
    }
    if (status === 429) {
      // Only the Nightscout API's rate limit answers so (the portal's is an ApiError 107).
      return reply.status(429).send({ status: 429, message: 'Too Many Requests' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's mistake, said plainly.
      return reply.status(status).send({
        error: ErrorCode.INVALID_INPUT,
        message: errorInfo(ErrorCode.INVALID_INPUT).messageKey,
        details: [{ path: '', message: err.message }],
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: ErrorCode.INTERNAL, message: 'errors.internal' });
  });
}
