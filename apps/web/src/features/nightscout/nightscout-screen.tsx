import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NsCredentialCreated, NsPermission } from '@cgm/contract';
import { useSession } from '../../session/session-state';
import { Notice } from '../../components/notice';
import { formatDateTime } from '../../i18n/format-time';
import { accessKeys } from './access-text';
import { appSetupLines } from './app-setup';
import { useApps, useCreateCredential, useCredentials, useRevokeApp } from './nightscout-api';
import './nightscout.css';

const when = (ms: number | null, never: string, language: string) =>
  ms === null ? never : formatDateTime(ms, language);

/**
 * /dataSources/nightscout: the patient's Nightscout credentials (what to type into xDrip+, Loop,
 * AndroidAPS, Nightguard…) and every app holding access, each revocable. The patient's own.
 */
export function NightscoutScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const uid = user?.userType === 'P' ? user.uid : null;
  useEffect(() => {
    document.title = `${t('nightscout.title')} · ${t('app.name')}`;
  }, [t]);
  return (
    <section className="page page--wide nightscout" aria-labelledby="page-title">
      <div className="card">
        <div className="nightscout__head">
          <h1 id="page-title" className="page__title">
            {t('nightscout.title')}
          </h1>
          <Link to="/dataSources" className="btn btn--ghost btn--small">
            {t('nightscout.back')}
          </Link>
        </div>
        {!uid ? <Notice kind="info">{t('nightscout.patientsOnly')}</Notice> : <Credentials uid={uid} />}
      </div>
    </section>
  );
}

function Credentials({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const creds = useCredentials(uid);
  const apps = useApps(uid);
  const create = useCreateCredential(uid);
  const revoke = useRevokeApp(uid);
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<NsPermission>('readwrite');
  const [made, setMade] = useState<NsCredentialCreated | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim(), permission }, { onSuccess: (r) => (setMade(r), setName('')) });
  };
  const revokeOne = (kind: 'nightscout' | 'oauth', id: string, label: string) => {
    if (window.confirm(t('nightscout.revokeConfirm', { name: label }))) revoke.mutate({ kind, app_id: id });
  };

  return (
    <>
      <p>{t('nightscout.intro')}</p>
      <p>
        {t('nightscout.siteUrl')}: <code className="nightscout__secret">{creds.data?.site_url ?? '…'}</code>
      </p>
      <h2 className="section__title">{t('nightscout.create')}</h2>
      <form className="nightscout__form" onSubmit={submit}>
        <label>
          {t('nightscout.name')}
          <input
            className="input"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('nightscout.namePlaceholder')}
            required
          />
        </label>
        <label>
          {t('nightscout.permission')}
          <select
            className="input"
            value={permission}
            onChange={(e) => setPermission(e.target.value as NsPermission)}
          >
            <option value="readwrite">{t('nightscout.permissionReadwrite')}</option>
            <option value="read">{t('nightscout.permissionRead')}</option>
          </select>
        </label>
        <button className="btn btn--primary" type="submit" disabled={create.isPending}>
          {t('nightscout.createButton')}
        </button>
      </form>
      {create.isError && <Notice kind="error">{t('nightscout.failed')}</Notice>}
      {made && (
        <div className="nightscout__made" role="status">
          <Notice kind="success">{t('nightscout.createdOnce')}</Notice>
          <dl>
            <dt>{t('nightscout.siteUrl')}</dt>
            <dd>
              <code className="nightscout__secret">{made.site_url}</code>
            </dd>
            <dt>{t('nightscout.secret')}</dt>
            <dd>
              <code className="nightscout__secret">{made.token}</code>
            </dd>
            <dt>{t('nightscout.sha1')}</dt>
            <dd>
              <code className="nightscout__secret">{made.api_secret_sha1}</code>
            </dd>
          </dl>
          <h2 className="section__title">{t('nightscoutSetup.title')}</h2>
          <dl>
            {appSetupLines(made.site_url, made.token, made.api_secret_sha1, made.credential.permission).map(
              (line) => (
                <Fragment key={line.key}>
                  <dt>{t(line.key)}</dt>
                  <dd>
                    {/* An address reads left to right in every language. */}
                    <code className="nightscout__secret" dir="ltr">
                      {line.value}
                    </code>
                  </dd>
                </Fragment>
              ),
            )}
          </dl>
          <p>{t('nightscoutSetup.more')}</p>
        </div>
      )}
      <h2 className="section__title">{t('nightscout.appsTitle')}</h2>
      {apps.isError && <Notice kind="error">{t('nightscout.failed')}</Notice>}
      {apps.data && apps.data.length === 0 && <p>{t('nightscout.noApps')}</p>}
      {apps.data && apps.data.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>{t('nightscout.name')}</th>
                <th>{t('nightscout.kind')}</th>
                <th>{t('nightscout.access')}</th>
                <th>{t('nightscout.created')}</th>
                <th>{t('nightscout.lastUsed')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {apps.data.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>{t(`nightscout.kinds.${a.kind}`)}</td>
                  <td>
                    {accessKeys(a)
                      .map((key) => t(key))
                      .join(', ')}
                  </td>
                  <td>{when(a.created_at, t('nightscout.never'), i18n.language)}</td>
                  <td>{when(a.last_used_at, t('nightscout.never'), i18n.language)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      onClick={() => revokeOne(a.kind, a.id, a.name)}
                    >
                      {t('nightscout.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
