import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/api';
import { getMonitorProfile, patientKeys } from '../../api/patient-settings';
import { useSession } from '../../session/session-state';
import { Notice } from '../../components/notice';
import { DeletePanel } from './delete-panel';
import { OptionsPanel } from './options-panel';
import { PdmPanel } from './pdm-panel';
import { SessionsPanel } from './sessions-panel';
import { SettingsPanel } from './settings-panel';
import { UploadsPanel } from './uploads-panel';
import './data-sources.css';

const TABS = ['settings', 'options', 'pdm', 'sessions', 'uploads', 'delete'] as const;
type Tab = (typeof TABS)[number];

/**
 * /dataSources (spec §2 "PDM settings. Data-source sessions and options. Upload history. Delete
 * data.", §3 "Settings"): the monitor thresholds and the patient's data sources, for the signed-in
 * patient or, with `?uid=`, a patient the user follows. Deleting data is the patient's alone.
 */
export function DataSourcesScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const [params] = useSearchParams();
  const chosen = params.get('uid')?.trim() || null;
  const uid = chosen ?? (user?.userType === 'P' ? user.uid : null);
  const own = uid !== null && uid === user?.uid;
  const tabs = TABS.filter((tab) => tab !== 'delete' || own);
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'settings';
  const profile = useQuery({
    queryKey: patientKeys.monitorProfile(uid ?? ''),
    queryFn: async ({ signal }) => unwrap(await getMonitorProfile(uid!, signal)).profile,
    enabled: uid !== null && !own,
    retry: false,
  });
  const name = profile.data ? profile.data.alias || profile.data.realname : null;
  const title = name ? t('dataSources.titleFor', { name }) : t('dataSources.title');
  useEffect(() => {
    document.title = `${t(`dataSources.tabs.${tab}`)} · ${title} · ${t('app.name')}`;
  }, [t, tab, title]);

  const link = (next: Tab) => {
    const q = new URLSearchParams();
    if (chosen) q.set('uid', chosen);
    q.set('tab', next);
    return `/dataSources?${q.toString()}`;
  };
  const monitor = chosen ? `/monitor?uid=${encodeURIComponent(chosen)}` : '/monitor';

  return (
    <section className="page page--wide data-sources" aria-labelledby="page-title">
      <div className="card">
        <div className="data-sources__head">
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
          <Link to={monitor} className="btn btn--ghost btn--small">
            {t('dataSources.backToMonitor')}
          </Link>
        </div>
        {!uid ? (
          <Notice kind="info">{t('dataSources.choosePatient')}</Notice>
        ) : (
          <>
            <nav className="tabs" aria-label={t('dataSources.tabsLabel')}>
              {tabs.map((id) => (
                <Link
                  key={id}
                  to={link(id)}
                  replace
                  className={id === tab ? 'tabs__tab tabs__tab--current' : 'tabs__tab'}
                  aria-current={id === tab ? 'page' : undefined}
                >
                  {t(`dataSources.tabs.${id}`)}
                </Link>
              ))}
            </nav>
            {own && (
              <nav className="tabs" aria-label={t('nightscout.moreSources')}>
                <Link to="/dataSources/nightscout" className="tabs__tab">
                  {t('nightscout.tab')}
                </Link>
                <Link to="/dataSources/import" className="tabs__tab">
                  {t('imports.tab')}
                </Link>
              </nav>
            )}
            <div className="data-sources__panel">
              <h2 className="section__title">{t(`dataSources.tabs.${tab}`)}</h2>
              {tab === 'settings' && <SettingsPanel key={uid} uid={uid} />}
              {tab === 'options' && <OptionsPanel key={uid} uid={uid} editable={own} />}
              {tab === 'pdm' && <PdmPanel uid={uid} />}
              {tab === 'sessions' && <SessionsPanel uid={uid} />}
              {tab === 'uploads' && <UploadsPanel uid={uid} />}
              {tab === 'delete' && own && <DeletePanel uid={uid} />}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
