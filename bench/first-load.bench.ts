// Issue 21 target: the web app's first load is at most 250 KiB on the wire. The real portal (built
// web app, `npm run build` first, and the server as `npm start` runs it) and the system Chromium
// with an empty cache open each sign-in page until the network is idle; the bytes on the wire are
// Chromium's own count (DevTools protocol: encodedDataLength of every response, headers included).
// The bare baseline in the same run: the same responses' decoded bytes, what went out before
// compression. Then a reload with the cache kept: the content-hashed files come from the cache
// (immutable), index.html is revalidated. The areas behind a sign-in (admin, reports, monitor) are
// their own chunks: none of their files may be part of a first load.
// Needs the built web app and /usr/bin/chromium. Run: npx tsx bench/first-load.bench.ts (VERBOSE=1
// lists each load's files).
import type { Page } from 'playwright-core';
import { startPortal } from '../e2e/support/portal';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { builtWebApp, checkTarget, fmt } from './support';

const TARGET_KIB = 250;
const PAGES = ['/login', '/hcpLogin', '/clinic', '/managementtools'];
/** Chunks of the areas a first load must not fetch (their screens' module names). */
const AREAS =
  /\/assets\/(monitor-screen|report|print-screens|hcl-print|quick-print|svg-charts|admin|desk-screens|members?-screen|user-management|clinics-screen|firmware|operations|dev-debug|usage-screens)[^/]*\.js$/;
const kib = (bytes: number) => bytes / 1024;

interface Load {
  wire: number;
  decoded: number;
  files: string[];
}

/** Loads `url` in `page` until the network is idle, counting every response's bytes. */
async function load(page: Page, url: string): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const result: Load = { wire: 0, decoded: 0, files: [] };
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.dataReceived', (e) => (result.decoded += e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    result.wire += e.encodedDataLength;
    const file = urls.get(e.requestId);
    if (file) result.files.push(file);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await cdp.detach();
  return result;
}

builtWebApp();
const portal = await startPortal({ smtpUrl: 'smtp://127.0.0.1:9' });
const browser = await launchBrowser();
try {
  let worst = 0;
  for (const path of PAGES) {
    // A fresh context: an empty cache, as a first visit.
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    const first = await load(page, portal.url + path);
    const reload = await load(page, portal.url + path);
    await context.close();
    const areas = first.files.filter((f) => AREAS.test(f));
    if (process.env.VERBOSE) console.log(first.files.join('\n'));
    if (areas.length) throw new Error(`${path} loads area chunks: ${areas.join(', ')}`);
    worst = Math.max(worst, first.wire);
    console.log(
      `${path}: first load ${fmt(kib(first.wire))} KiB on the wire in ${first.files.length} responses ` +
        `(bare: ${fmt(kib(first.decoded))} KiB uncompressed, ×${fmt(first.decoded / first.wire)}); ` +
        `reload ${fmt(kib(reload.wire))} KiB in ${reload.files.length} responses`,
    );
  }
  checkTarget(
    `first load, largest of ${PAGES.join(' ')}: ${fmt(kib(worst))} KiB`,
    kib(worst),
    '<=',
    TARGET_KIB,
    'KiB',
  );
} finally {
  await browser.close();
  await portal.stop();
}
