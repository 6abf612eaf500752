import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { oauthAuthorizeRequest } from '@cgm/contract';
import { Notice } from '../../components/notice';
import { agree, describeClient } from './nightscout-api';
import './nightscout.css';

/**
 * /oauth/authorize: an app asks for read access (OAuth 2.0 + PKCE). The signed-in patient sees
 * the app, where it sends them back, and what it may read, then agrees or denies.
 */
export function OauthConsentScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const request = useMemo(() => oauthAuthorizeRequest.safeParse(Object.fromEntries(params)), [params]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const info = useQuery({
    queryKey: ['oauth', 'client', params.toString()],
    queryFn: ({ signal }) => describeClient(request.data!, signal),
    enabled: request.success,
    retry: false,
  });
  useEffect(() => {
    document.title = `${t('oauth.title')} · ${t('app.name')}`;
  }, [t]);

  const deny = () => {
    const url = new URL(request.data!.redirect_uri);
    url.searchParams.set('error', 'access_denied');
    if (request.data!.state) url.searchParams.set('state', request.data!.state);
    window.location.assign(url.toString());
  };
  const allow = async () => {
    setBusy(true);
    try {
      window.location.assign(await agree(request.data!));
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <section className="page oauth" aria-labelledby="page-title">
      <div className="card">
        <h1 id="page-title" className="page__title">
          {t('oauth.title')}
        </h1>
        {(!request.success || info.isError) && <Notice kind="error">{t('oauth.invalidRequest')}</Notice>}
        {info.data && (
          <>
            <p>{t('oauth.asks', { app: info.data.client_name })}</p>
            <ul className="oauth__scopes">
              {info.data.scopes.map((s) => (
                <li key={s}>{t(`oauth.scopes.${s.replace(':', '_')}`)}</li>
              ))}
            </ul>
            <p>{t('oauth.readOnly')}</p>
            <p>
              {t('oauth.redirect')}: <code className="nightscout__secret">{info.data.redirect_host}</code>
            </p>
            <p>{t('oauth.revokeLater')}</p>
            {failed && <Notice kind="error">{t('oauth.failed')}</Notice>}
            <div className="oauth__actions">
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void allow()}>
                {t('oauth.agree')}
              </button>
              <button type="button" className="btn btn--ghost" disabled={busy} onClick={deny}>
                {t('oauth.deny')}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
