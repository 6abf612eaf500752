import type { FastifyInstance } from 'fastify';

/**
 * API answers are never stored by a browser or a proxy cache: they hold health data and account
 * details, and a stored copy would be shown as current after it changed (or after sign-out on a
 * shared computer). The web app's files keep their own caching.
 */
export function noStoreOnApi(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    // A route that chose its own (the portrait: private, revalidated by ETag) keeps it.
    const api = req.url.startsWith('/api/') || req.url === '/healthz';
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
