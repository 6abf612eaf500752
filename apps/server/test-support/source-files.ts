import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The server's source folder (apps/server/src). */
export const SERVER_SRC = join(import.meta.dirname, '../src');

/** Every .ts file below `dir` that is not a test. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The server's source files (tests left out) whose text `pattern` matches, relative to src. */
export function sourcesMatching(pattern: RegExp): string[] {
  return sourceFiles(SERVER_SRC)
    .filter((path) => pattern.test(readFileSync(path, 'utf8')))
    .map((path) => relative(SERVER_SRC, path));
}
