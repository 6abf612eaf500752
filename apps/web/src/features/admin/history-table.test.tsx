import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AdminHistoryItem } from '@cgm/contract';
import en from '../../i18n/locales/en.json';
import ar from '../../i18n/locales/ar.json';
import { HistoryTable } from './history-table';

// On a phone an administration table becomes one card per row (styles.css .table--stack): each
// cell shows its column's name beside its value, and an empty cell is left out of the card.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

const base = { actor_id: 'a1', actor_name: 'Erin Admin', actor_type: 'A', subject_id: null, detail: null };
const items: AdminHistoryItem[] = [
  { ...base, id: 1, at: Date.UTC(2026, 10, 2, 9), action: 'member.lock', subject_name: 'Ann Example' },
  // Nothing to name: a card without an "Account" line rather than a name with no value.
  { ...base, id: 2, at: Date.UTC(2026, 10, 3, 9), action: 'admin.login', subject_name: null },
];

async function render(lng: string) {
  await i18n.changeLanguage(lng);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <HistoryTable items={items} />
    </I18nextProvider>,
  );
}

const headers = (html: string) => [...html.matchAll(/<th scope="col">(.*?)<\/th>/g)].map((m) => m[1]);
/** Per body row, each cell's card label, or '(hidden)' for a cell left out of the card. */
const cardLabels = (html: string) =>
  [...html.split('<tbody>')[1]!.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td([^>]*)>/g)].map(([, attrs]) =>
      /stack-hide/.test(attrs!) ? '(hidden)' : (/data-label="([^"]*)"/.exec(attrs!)?.[1] ?? '(none)'),
    ),
  );

describe('the administration history on a phone', () => {
  it('is a table that becomes cards', async () => {
    expect(await render('en')).toMatch(/<table class="adm-table table--stack">/);
  });

  it('names every value by its column, in the page language', async () => {
    for (const lng of ['en', 'ar']) {
      const html = await render(lng);
      const names = headers(html);
      expect(names).toHaveLength(4);
      expect(cardLabels(html)).toEqual([names, [...names.slice(0, 3), '(hidden)']]);
    }
    const arabic = ar.admin.history;
    expect(headers(await render('ar'))).toEqual([arabic.when, arabic.who, arabic.what, arabic.subject]);
  });
});
