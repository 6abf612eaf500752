import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@cgm/domain';
import { mailCatalogue, mailLanguages, mailText, renderMail } from './templates';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
};
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join();
const en = flatten(mailCatalogue('en')!);

// Mails go out in the user's language (issue: "Mails in the user's language"): every language of
// spec §9 has every text, with the same placeholders, and is not a copy of English.
describe('mail texts', () => {
  it('exist for exactly the 22 languages', () => {
    expect(mailLanguages().sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES.filter((c) => c !== 'en'))('%s', (code) => {
    const other = flatten(mailCatalogue(code) ?? {});
    it('has every key of English and no other, with the same placeholders', () => {
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      const differing = [...en].filter(([k, v]) => placeholders(v) !== placeholders(other.get(k) ?? ''));
      expect(differing.map(([k]) => k)).toEqual([]);
    });
    it('is translated', () => {
      const same = [...en].filter(([k, v]) => k !== 'signature' && other.get(k) === v);
      expect(same.map(([k]) => k)).toEqual([]);
    });
  });

  it('fills placeholders and falls back to English for an unknown language', () => {
    expect(mailText('xx', 'code.body', { code: '123456', minutes: 10 })).toContain('123456');
    const mail = renderMail('de', 'code.subject', ['code.body'], { code: '654321', minutes: 10 });
    expect(mail.body).toContain('654321');
    expect(mail.subject).not.toBe(mailText('en', 'code.subject'));
  });
});
