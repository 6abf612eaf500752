import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDir, type LanguageCode } from '@cgm/domain';
import { localStore, sessionStore } from '../lib/storage';
import { saveLocaleChoice } from './preferences';
import en from './locales/en.json';

// English is the source and ships with the app; the other 21 languages load when chosen.

type Messages = typeof en;

const loaders = import.meta.glob<{ default: Messages }>(['./locales/*.json', '!./locales/en.json']);

export const i18n = i18next.createInstance();

async function ensureLoaded(language: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const load = loaders[`./locales/${language}.json`];
  if (!load) return;
  const mod = await load();
  i18n.addResourceBundle(language, 'translation', mod.default, true, true);
}

/** `<html lang dir>` follows the language: right to left for Hebrew and Arabic. */
function applyLanguageToPage(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = languageDir(language);
}

export async function initI18n(language: LanguageCode): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(language);
}

export async function changeLanguage(language: LanguageCode): Promise<void> {
  try {
    await ensureLoaded(language);
  } catch {
    // A chunk that fails to load (offline) leaves the page in the language it has.
    return;
  }
  await i18n.changeLanguage(language);
  applyLanguageToPage(language);
}

/** The language dialog's choice: stored (spec §2) and applied. */
export async function chooseLocale(
  choice: { country?: string | null; language: LanguageCode },
  remember: boolean | null,
): Promise<void> {
  saveLocaleChoice(sessionStore(), localStore(), choice, remember);
  await changeLanguage(choice.language);
}

export function currentLanguage(): LanguageCode {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'en') as LanguageCode;
}
