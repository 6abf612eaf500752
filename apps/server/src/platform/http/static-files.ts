import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One file of the built web app, with the .br and .gz copies the build writes beside it. */
export interface StaticFile {
  type: string;
  etag: string;
  cacheControl: string;
  bodies: { br?: Buffer; gzip?: Buffer; identity: Buffer };
}

/** The types of the files a web build writes (index.html, scripts, styles, maps, icons, manifest). */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const readIfThere = (file: string, all: ReadonlySet<string>): Buffer | undefined =>
  all.has(file) ? readFileSync(file) : undefined;

/**
 * The built web app, read once at start into memory (about 12 MB with its compressed copies), keyed
 * by URL path. Answers then never touch the disk or libuv's thread pool, which password hashing
 * shares (issue 15, finding 5: during a login storm the bundle took 5.8 s instead of 9 ms).
 */
export function loadStaticFiles(
  dist: string,
  cacheControlOf: (dist: string, file: string) => string,
): Map<string, StaticFile> {
  const all = new Set(filesUnder(dist));
  const files = new Map<string, StaticFile>();
  for (const file of all) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const identity = readFileSync(file);
    const type = TYPES[extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
    files.set(`/${relative(dist, file).split(sep).join('/')}`, {
      type,
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      cacheControl: cacheControlOf(dist, file),
      bodies: { identity, br: readIfThere(`${file}.br`, all), gzip: readIfThere(`${file}.gz`, all) },
    });
  }
  return files;
}

/** The encodings the browser accepts, from Accept-Encoding (a q of 0 refuses one). */
function accepts(req: FastifyRequest, encoding: string): boolean {
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Answers with one file: its compressed copy where the browser takes it, 304 when it has it already. */
export function sendStaticFile(req: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const encoding =
    file.bodies.br && accepts(req, 'br') ? 'br' : file.bodies.gzip && accepts(req, 'gzip') ? 'gzip' : null;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? file.bodies[encoding] : file.bodies.identity);
}
