import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Brotli or gzip for every answer worth it (JSON, HTML, scripts, styles over 1 KiB), as the browser
 * accepts: a 14-day report is 589 KiB raw and about 70 KiB compressed. Answers compressed on the fly
 * use brotli's fast levels (quality 4: most of the gain at a small fraction of quality 11's CPU); the
 * web app's files are compressed once at build time at the highest level and served as they are
 * (web-app.ts). Long-poll answers are written to the socket directly and stay as they are (tiny).
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
