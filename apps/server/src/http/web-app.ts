import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@cgm/domain';
import type { Config } from '../config';

/** A year, the longest a cache keeps anything: a content-hashed file never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but asked again (ETag, 304) before each use: index.html names the current build's files. */
export const REVALIDATE = 'no-cache';

/**
 * Caching of the web app's files: the build's content-hashed files (dist/assets, named by their
 * content) are immutable for a year, so a reload fetches only index.html; everything else there
 * (index.html, browser-check.js, favicon.svg) is revalidated, so a new release shows at the next load.
 */
export function cacheControlOf(dist: string, file: string): string {
  return file.startsWith(`${dist}${sep}assets${sep}`) ? IMMUTABLE : REVALIDATE;
}

/** The built web app, from the same process; every non-API path falls back to index.html. */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.WEB_DIST ?? fileURLToPath(new URL('../../../web/dist', import.meta.url));
  const hasWeb = existsSync(`${dist}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => res.setHeader('cache-control', cacheControlOf(dist, file)),
    });
  } else app.log.warn({ dist }, 'web app not built: run `npm run build`');
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/healthz' || /\.[a-z0-9]+$/i.test(path);
    if (!hasWeb || req.method !== 'GET' || isApi) {
      return reply.status(404).send({ error: ErrorCode.NOT_FOUND, message: 'errors.notFound' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
