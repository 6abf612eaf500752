import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@cgm/domain';
import type { Config } from '../config';
import { loadStaticFiles, sendStaticFile } from './static-files';

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

/**
 * The built web app, from the same process and from memory (static-files.ts: read once at start;
 * a new build needs a restart, as before); every non-API path falls back to index.html.
 */
export async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.WEB_DIST ?? fileURLToPath(new URL('../../../../web/dist', import.meta.url));
  const files = existsSync(`${dist}/index.html`) ? loadStaticFiles(dist, cacheControlOf) : null;
  if (files) {
    for (const [path, file] of files) {
      app.get(path, { schema: { hide: true } }, (req, reply) => sendStaticFile(req, reply, file));
    }
  } else app.log.warn({ dist }, 'web app not built: run `npm run build`');
  const index = files?.get('/index.html');
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/healthz' || /\.[a-z0-9]+$/i.test(path);
    if (!index || req.method !== 'GET' || isApi) {
      return reply.status(404).send({ error: ErrorCode.NOT_FOUND, message: 'errors.notFound' });
    }
    return sendStaticFile(req, reply, index);
  });
}
