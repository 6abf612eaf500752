import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginPageOf } from '../../session/homes';
import { currentSession, endSession, saveSession } from '../../session/session-state';
import { Page, Spinner } from '../../components/page';
import { fetchSession } from './auth-api';
import type { Edition } from './login-outcome';
import { useSignIn } from './use-sign-in';

function editionOf(page: string): Edition {
  if (page === '/hcpLogin') return 'hcp';
  if (page === '/clinic') return 'clinic';
  if (page === '/managementtools') return 'admin';
  return 'personal';
}

/** /refresh: reload the session from the server, then home (or the terms step); else sign in again. */
export function RefreshScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page] = useState(() => loginPageOf(currentSession()));
  const signIn = useSignIn(editionOf(page));
  const { complete } = signIn;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const token = currentSession()?.token;
      const res = await fetchSession();
      if (res.ok && token && saveSession(res.data, res.data.token ?? token)) {
        await complete(res.data, true);
        return;
      }
      endSession();
      void navigate(page, { replace: true });
    })();
  }, [complete, navigate, page]);

  return (
    <Page title={t('refresh.title')} width="narrow">
      <Spinner label={t('refresh.loading')} />
      {signIn.dialogs}
    </Page>
  );
}
