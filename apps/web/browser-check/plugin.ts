import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { MIN_BROWSER_VERSIONS } from '@cgm/domain';

const SOURCE = new URL('./browser-check.es5.js', import.meta.url);
const FILE = 'browser-check.js';

const LOCALES = new URL('../src/i18n/locales/', import.meta.url);

/** The `unsupported` texts of every language, for the page the early check draws itself. */
function unsupportedTexts(): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (const file of readdirSync(LOCALES).filter((f) => f.endsWith('.json'))) {
    const locale = JSON.parse(readFileSync(new URL(file, LOCALES), 'utf8')) as { unsupported: unknown };
    texts[file.replace(/\.json$/, '')] = locale.unsupported;
  }
  return texts;
}

/** The early browser check as a script of its own, with the domain's minimum versions and the texts filled in. */
export function browserCheckSource(): string {
  return readFileSync(SOURCE, 'utf8')
    .replace('= __MIN_BROWSER_VERSIONS__;', `= ${JSON.stringify(MIN_BROWSER_VERSIONS)};`)
    .replace('= __UNSUPPORTED_TEXTS__;', `= ${JSON.stringify(unsupportedTexts())};`);
}

/**
 * Emits /browser-check.js and loads it as the first, classic (non-module) script of index.html, in
 * the build and in the dev server. A separate file, not inline, so the strict content security
 * policy (script-src 'self') holds.
 */
export function browserCheckPlugin(): Plugin {
  return {
    name: 'cgm-browser-check',
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(browserCheckSource());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE, source: browserCheckSource() });
    },
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `/${FILE}` }, injectTo: 'head-prepend' }],
  };
}
