import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allMessageKeys, LANGUAGE_CODES, REGIONS, SG_DISPLAY_CODES, SG_FLAGS, TRENDS } from '@cgm/domain';
import { diabetesType, gender, profession, userType, createdBy } from '@cgm/contract';

// Every language has every key of en.json, nothing else, and the same {{placeholders}}; every key
// the domain, the contract and the screens use exists in en.json.

const dir = fileURLToPath(new URL('./locales/', import.meta.url));
const srcDir = fileURLToPath(new URL('../', import.meta.url));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function load(code: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(`${dir}${code}.json`, 'utf8')) as Tree);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!.replace(/\s+/g, ' ')).sort();
}

const en = load('en');

/**
 * Plural keys (i18next: `key_one`, `key_other`, …). English has two forms; a language has the forms
 * its plural rules use (Arabic six, Polish four…), or i18next falls back to English for those counts.
 */
const pluralBases = [...en.keys()]
  .filter((k) => k.endsWith('_other'))
  .map((k) => k.slice(0, -'_other'.length));
const pluralFormsOf = (code: string) => new Intl.PluralRules(code).resolvedOptions().pluralCategories;
/** Keys a language may have besides en.json's: the extra plural forms its rules use. */
function extraPluralKeys(code: string): Set<string> {
  const forms = pluralFormsOf(code).filter((f) => f !== 'one' && f !== 'other');
  return new Set(pluralBases.flatMap((b) => forms.map((f) => `${b}_${f}`)));
}

describe('locale files', () => {
  it('exist for exactly the 22 languages', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LANGUAGE_CODES].sort());
  });

  it('en.json has no empty texts', () => {
    expect([...en].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  describe.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('%s', (code) => {
    const other = load(code);
    it('has every key of en.json', () => {
      expect([...en.keys()].filter((k) => !other.has(k))).toEqual([]);
    });
    it('has no key that en.json lacks, besides its own plural forms', () => {
      const extra = extraPluralKeys(code);
      expect([...other.keys()].filter((k) => !en.has(k) && !extra.has(k))).toEqual([]);
    });
    it('has every plural form its language uses', () => {
      const needed = pluralBases.flatMap((b) => pluralFormsOf(code).map((f) => `${b}_${f}`));
      expect(needed.filter((k) => !other.has(k))).toEqual([]);
    });
    it('keeps the placeholders of en.json', () => {
      const differing = [...en].filter(
        ([k, v]) => other.has(k) && placeholders(v).join() !== placeholders(other.get(k)!).join(),
      );
      // An extra plural form keeps the placeholders of the English `_other` form.
      for (const k of extraPluralKeys(code)) {
        const english = en.get(`${k.slice(0, k.lastIndexOf('_'))}_other`)!;
        if (other.has(k) && placeholders(english).join() !== placeholders(other.get(k)!).join()) {
          differing.push([k, english]);
        }
      }
      expect(differing.map(([k]) => k)).toEqual([]);
    });
    it('has no empty texts', () => {
      expect([...other].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    });
  });
});

describe('keys used elsewhere exist in en.json', () => {
  const domain = [
    ...allMessageKeys(),
    ...Object.values(SG_FLAGS).map((f) => f.labelKey),
    ...Object.values(SG_DISPLAY_CODES).map((c) => c.labelKey),
    ...TRENDS.map((t) => t.labelKey),
  ];
  const contract = [
    'validation.emailOrMobile',
    'validation.country',
    'validation.code',
    'validation.date',
    'validation.portrait',
  ];
  const dynamic = [
    ...['personal', 'hcp', 'clinic', 'admin'].flatMap((e) => [`login.${e}.title`, `login.${e}.lead`]),
    ...['personal', 'hcp'].map((e) => `login.${e}.noAccount`),
    ...['personal', 'hcp', 'clinic'].map((e) => `login.${e}.otherEdition`),
    ...REGIONS.map((r) => `regions.${r}`),
    ...['chrome', 'edge', 'firefox', 'safari'].map((b) => `unsupported.names.${b}`),
    ...['privacy', 'terms'].flatMap((k) => [`policy.${k}.title`, `policy.${k}.link`]),
    ...[1, 2, 3, 4, 5, 6].map((i) => `policy.privacy.p${i}`),
    ...[1, 2, 3, 4, 5].map((i) => `policy.terms.p${i}`),
    ...gender.options.map((g) => `profile.gender.${g}`),
    ...diabetesType.options.map((d) => `profile.diabetesType.${d}`),
    ...profession.options.map((p) => `profile.profession.${p}`),
    ...userType.options.map((u) => `profile.userType.${u}`),
    ...createdBy.options.map((c) => `profile.createdBy.${c}`),
    ...['accounts', 'signIn', 'languages', 'security', 'hcpApplication', 'hcpProfile'].flatMap((id) => [
      `updates.${id}.title`,
      `updates.${id}.body`,
    ]),
  ];
  it.each([...domain, ...contract, ...dynamic])('%s', (key) => {
    expect(en.has(key)).toBe(true);
  });

  // A key is known when en.json has it, has its plural forms (i18next `_one`/`_other`), or has it as a
  // group whose children the code picks by value (`t(\`profile.gender.${g}\`)`).
  const known = (key: string) =>
    en.has(key) ||
    (en.has(`${key}_one`) && en.has(`${key}_other`)) ||
    [...en.keys()].some((k) => k.startsWith(`${key}.`));

  it('every key written in the source', () => {
    const groups = new Set([...en.keys()].map((k) => k.split('.')[0]));
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      // Tests hold data (a recorded operation such as 'admin.login'), not texts the screens show.
      (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const missing = new Set<string>();
    for (const f of files) {
      const text = readFileSync(`${srcDir}${f}`, 'utf8');
      if (text.includes('i18n-scan: the strings below are operation names')) continue;
      // Lines marked `i18n-scan:` hold names that only look like keys (storage keys, field paths);
      // a `skip block` marker skips to the end of that array.
      const scanned = text
        .replace(/\[\s*\/\/ i18n-scan: skip block[\s\S]*?\]/g, '')
        .replace(/^.*i18n-scan:.*$/gm, '');
      for (const m of scanned.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)['"`]/g)) {
        const key = m[1]!;
        if (groups.has(key.split('.')[0]) && !known(key)) missing.add(`${f}: ${key}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
