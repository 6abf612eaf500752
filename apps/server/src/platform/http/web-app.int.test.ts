import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { IMMUTABLE, REVALIDATE } from './web-app';

// Issue 21: compressed answers, content-hashed files cached for a year, index.html revalidated, API
// answers never stored. A built app of our own in a temporary folder, with the .br/.gz copies the
// build writes beside each file.

let t: TestApp;
let dist: string;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<!-- -->'.repeat(200)}</body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cgm-web-app-'));
  mkdirSync(join(dist, 'assets'));
  const write = (file: string, body: string) => {
    writeFileSync(join(dist, file), body);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(body));
  };
  write('index.html', html);
  write('assets/index-Ab12Cd34.js', script);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the web app files', () => {
  it('sends a content-hashed script as brotli, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('revalidates index.html on every load (no-cache, ETag answered by 304), on any app path', async () => {
    for (const url of ['/login', '/Hcp/patients', '/']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
    const first = await get('/login');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates the files that keep their name from build to build', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });
});

describe('the web app files, from memory', () => {
  // Issue 15, finding 5: a login storm's password hashing fills libuv's thread pool, which reads
  // files too; the web app's files are read once at start and then answered without the disk.
  it('still answers a file removed from disk after start, with its type', async () => {
    rmSync(join(dist, 'favicon.svg'));
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('takes a refused encoding (q=0) as refused, and answers no path outside the build', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    // A path that climbs out is the app's index.html (an app path) or nothing, never another file.
    for (const path of ['/assets/../../etc/passwd', '/assets/%2e%2e/%2e%2e/etc/passwd', '/assets/x.js']) {
      const res = await get(path, { 'accept-encoding': 'identity' });
      expect([200, 404]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.body).toBe(html);
    }
  });
});

describe('API answers', () => {
  it('are compressed and never stored', async () => {
    const res = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('openapi');
    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('keep no-store when refused, and small answers go uncompressed', async () => {
    const res = await get(API.patients, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ error: 12 });
  });
});
