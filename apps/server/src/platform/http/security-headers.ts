import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The portal's security headers: helmet's defaults, with the web app's content security policy. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
    },
  },
};

/**
 * The headers helmet sets for these options, worked out once. With fixed directives (no nonces,
 * no per-request functions) they are the same for every answer; the Fastify plugin built helmet's
 * middleware anew for every request, about 30 µs of a 1 ms upload.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (err?: unknown) => void (failed = err),
  );
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/** Sends the security headers with every answer (a route may still set its own, as the API docs do). */
export function installSecurityHeaders(app: FastifyInstance, options = SECURITY_HEADER_OPTIONS): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
