import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's floors (docs/ARCHITECTURE.md): app/ composes the routes and the layout and is the
// only folder that imports the features; a feature never imports another feature; the shared
// folders (session, api, components, charts, i18n, lib, print) import no feature and not app/.

const SRC = fileURLToPath(new URL('../', import.meta.url));

function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx)$/.test(f));
}

/** Each relative import of a file, as a path under src/ (`features/auth/x`, `session/session`). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(SRC, normalize(join(SRC, dirname(file), s))));
}

const top = (path: string) => path.split('/')[0]!;
const featureOf = (path: string) => (top(path) === 'features' ? path.split('/')[1]! : null);

/** Every import of the source that breaks a rule, as `file → import`. */
function offending(breaks: (file: string, target: string) => boolean): string[] {
  return sources().flatMap((file) =>
    importsOf(file)
      .filter((target) => breaks(file, target))
      .map((target) => `${file} → ${target}`),
  );
}

describe('the web app’s floors', () => {
  it('finds the imports it checks', () => {
    expect(importsOf('app/router.tsx')).toContain('app/route-table');
    expect(importsOf('app/public-routes.ts').some((t) => featureOf(t) === 'auth')).toBe(true);
  });

  it('no feature imports another feature', () => {
    const crossing = offending((file, target) => {
      const from = featureOf(file);
      const to = featureOf(target);
      return from !== null && to !== null && from !== to;
    });
    expect(crossing).toEqual([]);
  });

  it('only app/ imports the features, and only app/ and the entry (main.tsx) import app/', () => {
    const wrong = offending(
      (file, target) =>
        (top(target) === 'features' && top(file) !== 'app' && top(file) !== 'features') ||
        (top(target) === 'app' && top(file) !== 'app' && file !== 'main.tsx'),
    );
    expect(wrong).toEqual([]);
  });
});
