import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { defaultLanguageOfCountry } from '@cgm/domain';
import { configureApi } from './api/api';
import { setGuardContext } from './app/guard-loader';
import { loginPageOf } from './session/homes';
import { Providers, queryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { currentSession, endSession } from './session/session-state';
import { initI18n } from './i18n/i18n';
import { initialLanguage, readLocaleChoice, saveLocaleChoice } from './i18n/preferences';
import { parseHashLocale, parseQueryLocale } from './i18n/url-locale';
import { localStore, sessionStore } from './lib/storage';
import './styles.css';

async function start(): Promise<void> {
  // Country and language of the URL hash (spec §1) apply before anything renders.
  const hash = parseHashLocale(window.location.hash);
  const query = parseQueryLocale(window.location.search);
  const stored = readLocaleChoice(sessionStore(), localStore());
  if (hash.country || hash.language) {
    const language =
      hash.language ??
      (hash.country ? defaultLanguageOfCountry(hash.country) : null) ??
      stored.language ??
      'en';
    saveLocaleChoice(
      sessionStore(),
      localStore(),
      { country: hash.country ?? stored.country, language },
      null,
    );
  }
  await initI18n(initialLanguage({ hash, query, stored, navigatorLanguages: navigator.languages ?? [] }));
  setGuardContext(hash, navigator.userAgent);

  const router = createAppRouter();
  configureApi({
    getToken: () => currentSession()?.token ?? null,
    loginPage: () => loginPageOf(currentSession()),
    onAuthFailure: (target) => {
      endSession();
      queryClient.clear();
      void router.navigate(target, { replace: true });
    },
    onTermsRequired: () => {
      if (router.state.location.pathname !== '/refresh') void router.navigate('/refresh');
    },
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start();
