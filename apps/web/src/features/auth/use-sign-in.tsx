import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@cgm/contract';
import { configQuery } from '../../api/config';
import type { ApiResult } from '../../api/client';
import { homeOf } from '../../session/homes';
import { takeReturnTo } from '../../session/return-to';
import { SESSION_KEYS } from '../../session/session';
import { currentSession, saveSession, signOut } from '../../session/session-state';
import { Dialog } from '../../components/dialog';
import { sessionStore } from '../../lib/storage';
import { revokeToken } from './auth-api';
import { loginOutcome, needsTerms, type Edition } from './login-outcome';
import { TermsDialog } from './terms-dialog';

interface Pending {
  response: LoginResponse;
  version: string;
  /** True on /refresh, where the session is stored already. */
  stored: boolean;
}

/**
 * The end of every sign-in (password, second factor, /refresh): the terms step when the user has
 * not agreed to the current version, then the user's home (spec §2 "Homes after login").
 */
export function useSignIn(edition: Edition) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<{ key: string; params?: Record<string, string | number> } | null>(null);
  const [region, setRegion] = useState<{ key: string; url: string | null } | null>(null);

  const goHome = () => {
    const user = currentSession();
    const back = user ? takeReturnTo(sessionStore()) : null;
    void navigate(back ?? (user ? homeOf(user) : '/login'), { replace: true });
  };

  const currentTerms = async (): Promise<string | null> => {
    try {
      return (await queryClient.fetchQuery(configQuery)).terms_version;
    } catch {
      // Without the configuration the terms step waits for the next sign-in or /refresh.
      return null;
    }
  };

  /** A successful answer: store it (unless the terms are pending), then terms or home. */
  const complete = async (response: LoginResponse, stored = false) => {
    const version = await currentTerms();
    if (version && needsTerms(response, version)) {
      setPending({ response, version, stored });
      return;
    }
    if (!stored) saveSession(response);
    goHome();
  };

  /** Handles the answer of the password or second-factor call. */
  const handle = async (result: ApiResult<LoginResponse>, loginPage: string) => {
    setError(null);
    const outcome = loginOutcome(result, edition, null);
    if (outcome.kind === 'signedIn') return complete(outcome.response);
    if (outcome.kind === 'mfa') {
      sessionStore().setItem(SESSION_KEYS.mfaToken, outcome.mfaToken);
      sessionStore().setItem(SESSION_KEYS.mfaLoginPage, loginPage);
      return void navigate('/verificationCode');
    }
    // No session yet: the user's own password comes first, then the sign-in goes on from there.
    if (outcome.kind === 'firstPassword') {
      sessionStore().setItem(SESSION_KEYS.firstPasswordToken, outcome.passwordToken);
      sessionStore().setItem(SESSION_KEYS.mfaLoginPage, loginPage);
      return void navigate('/firstPassword');
    }
    if (outcome.kind === 'wrongRegion') return setRegion({ key: outcome.key, url: outcome.url });
    setError({ key: outcome.key, ...(outcome.params ? { params: outcome.params } : {}) });
  };

  const onAgreed = () => {
    if (!pending) return;
    const agreed = { ...pending.response, terms_version: pending.version };
    if (!pending.stored) saveSession(agreed);
    setPending(null);
    goHome();
  };

  const onDeclined = async () => {
    if (!pending) return;
    setPending(null);
    if (pending.stored) await signOut((to) => void navigate(to, { replace: true }));
    else if (pending.response.token) await revokeToken(pending.response.token);
  };

  const dialogs: ReactNode = (
    <>
      {pending && (
        <TermsDialog
          version={pending.version}
          {...(pending.stored || !pending.response.token ? {} : { token: pending.response.token })}
          onAgreed={onAgreed}
          onDeclined={() => void onDeclined()}
        />
      )}
      {region && (
        <Dialog
          open
          role="alertdialog"
          title={t('login.region.title')}
          onClose={() => setRegion(null)}
          actions={
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setRegion(null)}>
                {t('common.close')}
              </button>
              {region.url && (
                <a className="btn btn--primary" href={region.url} rel="noopener noreferrer">
                  {t('login.region.go')}
                </a>
              )}
            </>
          }
        >
          <p>{t(region.key)}</p>
          {region.url && <p className="muted">{region.url}</p>}
        </Dialog>
      )}
    </>
  );

  return {
    handle,
    complete,
    error: error ? t(error.key, error.params) : null,
    clearError: () => setError(null),
    dialogs,
  };
}

const EDITION_OF_PAGE: Record<string, Edition> = {
  '/login': 'personal',
  '/hcpLogin': 'hcp',
  '/clinic': 'clinic',
  '/managementtools': 'admin',
};

/**
 * A sign-in interrupted by a step of its own (second factor, first password): the sign-in page it
 * started from, and the sign-in of that page's edition to go on with.
 */
export function useContinuedSignIn() {
  const loginPage = sessionStore().getItem(SESSION_KEYS.mfaLoginPage) ?? '/login';
  const signIn = useSignIn(EDITION_OF_PAGE[loginPage] ?? 'personal');
  return { loginPage, signIn };
}
