// Module boundaries and import cycles (docs/ARCHITECTURE.md, "Floors and the rules that hold them").
// The floors of the server, from the bottom: platform → accounts → patient-data → access → features
// and adapters → the top floor (cli, demo, jobs) and the composition root (main.ts, app.ts,
// register-features.ts). A floor imports only the floors below it; a feature never imports another
// feature; the composition root reaches a feature only through its public entry (index.ts, or the
// *.routes.ts / *.module.ts files that register it). In the web app a feature never imports another.
// Tests (*.test.ts[x]) may cross floors: they drive the whole app.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const ROOT = import.meta.dirname;
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const SERVER_TOP = ['cli', 'demo', 'jobs', 'app.ts', 'main.ts', 'register-features.ts'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

const subfolders = (dir) =>
  fs.existsSync(path.join(ROOT, dir))
    ? fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

// `importer` may not import anything under `from` (a folder or file relative to its app's src),
// except the paths in `allowed` (relative to `from`). There are no exceptions beyond these: what
// two features share goes down a floor, or the composition root wires it in.
function zone(app, importer, from, allowed = []) {
  return {
    target: `./${app}/${importer}`,
    from: `./${app}/${from}`,
    except: allowed,
    message: `${importer} may not import ${from} (see eslint.boundaries.js)`,
  };
}
const below = (app, importer, folders) => folders.map((f) => zone(app, importer, f));

const features = subfolders(`${SERVER}/features`);
const adapters = subfolders(`${SERVER}/adapters`);
// A feature's public entry: what registers it in the composition root.
const publicEntries = (feature) =>
  fs
    .readdirSync(path.join(ROOT, SERVER, 'features', feature))
    .filter((f) => f === 'index.ts' || f.endsWith('.routes.ts') || f.endsWith('.module.ts'))
    .map((f) => `./${feature}/${f}`);
const adapterEntries = adapters
  .filter((a) => fs.existsSync(path.join(ROOT, SERVER, 'adapters', a, 'index.ts')))
  .map((a) => `./${a}/index.ts`);

const serverZones = [
  ...below(SERVER, 'platform', [
    'patient-data',
    'accounts',
    'access',
    'policy',
    'features',
    'adapters',
    ...SERVER_TOP,
  ]),
  ...below(SERVER, 'accounts', ['patient-data', 'access', 'policy', 'features', 'adapters', ...SERVER_TOP]),
  ...below(SERVER, 'patient-data', ['access', 'policy', 'features', 'adapters', ...SERVER_TOP]),
  ...['access', 'policy'].flatMap((a) => below(SERVER, a, ['features', 'adapters', ...SERVER_TOP])),
  ...adapters.flatMap((a) => [
    ...below(SERVER, `adapters/${a}`, ['features', ...SERVER_TOP]),
    zone(SERVER, `adapters/${a}`, 'adapters', [`./${a}`, ...adapterEntries]),
  ]),
  ...features.flatMap((f) => [
    zone(SERVER, `features/${f}`, 'features', [`./${f}`]),
    zone(SERVER, `features/${f}`, 'adapters', adapterEntries),
    ...below(SERVER, `features/${f}`, SERVER_TOP),
  ]),
  ...['app.ts', 'main.ts', 'register-features.ts'].map((root) =>
    zone(SERVER, root, 'features', features.flatMap(publicEntries)),
  ),
];

const webFeatures = subfolders(`${WEB}/features`);
const webZones = webFeatures.map((f) => zone(WEB, `features/${f}`, 'features', [`./${f}`]));

export const boundaries = [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The cycle check parses each imported file: TypeScript files with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // Zero cycles of value imports (a type import is erased and cannot make one at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${SERVER}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...serverZones, ...webZones] }],
    },
  },
  {
    // Test support lives outside src/ and production code never reaches it.
    files: [`${SERVER}/**/*.ts`],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test-support/**'], message: 'test support is for tests only (not in src/)' },
          ],
        },
      ],
    },
  },
];
