import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Mail texts per language (mail/locales/<lang>.json, English the source; a test checks every key
// is present in all 22 languages). A missing language falls back to English.
type Tree = { [key: string]: string | Tree };

const dir = fileURLToPath(new URL('./locales/', import.meta.url));
const catalogues = new Map<string, Tree>(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(dir + f, 'utf8')) as Tree]),
);

export function mailLanguages(): string[] {
  return [...catalogues.keys()];
}

export function mailCatalogue(language: string): Tree | undefined {
  return catalogues.get(language);
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of `key` in `language`, with {{name}} placeholders filled. */
export function mailText(language: string, key: string, vars: Record<string, string | number> = {}): string {
  const template = lookup(catalogues.get(language), key) ?? lookup(catalogues.get('en'), key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ''));
}

/** A whole mail: subject and body keys, with the signature appended. */
export function renderMail(
  language: string,
  subjectKey: string,
  bodyKeys: string[],
  vars: Record<string, string | number> = {},
): { subject: string; body: string } {
  const body = [
    ...bodyKeys.map((k) => mailText(language, k, vars)),
    '',
    mailText(language, 'signature'),
  ].join('\n');
  return { subject: mailText(language, subjectKey, vars), body };
}
