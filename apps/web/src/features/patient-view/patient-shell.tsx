import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientProfile } from '@cgm/contract';
import { homeOf } from '../../session/homes';
import { useSession } from '../../session/session-state';
import { Notice } from '../../components/notice';
import { TabMenu } from '../../components/tab-menu';
import { Spinner } from '../../components/page';
import { ApiFailureError, failureKey } from '../../api/errors';
import { formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { isRefusal, usePatientProfile } from './patient-view-api';
import { profilePath, type Area } from './profile-path';
import './patient-view.css';

export { profilePath, type Area };
export type TabId = 'overview' | 'profile' | 'monitor' | 'reports' | 'events' | 'records' | 'export';

/** A path of the patient view with the watched patient kept in `?uid=`. */
export const withUid = (path: string, uid: string) => `${path}?uid=${encodeURIComponent(uid)}`;

function tabsOf(area: Area, profile: PatientProfile, carer: boolean): Array<{ id: TabId; path: string }> {
  if (carer) {
    // A carer follows the patient's glucose: the overview, the live monitor and the reports.
    return [
      { id: 'overview', path: '/Hcp' },
      { id: 'monitor', path: '/monitor' },
      { id: 'reports', path: '/Hcp/charts' },
    ];
  }
  if (area === 'clinic') {
    return [
      { id: 'overview', path: '/ClinicHcp' },
      { id: 'profile', path: profilePath('clinic', profile.created_by) },
      { id: 'reports', path: '/Hcp/charts' },
      { id: 'export', path: '/ClinicHcp/ClinicExportData' },
    ];
  }
  return [
    { id: 'overview', path: '/Hcp' },
    { id: 'profile', path: profilePath('hcp', profile.created_by) },
    { id: 'monitor', path: '/Hcp/monitor' },
    { id: 'reports', path: '/Hcp/charts' },
    { id: 'events', path: '/Hcp/events' },
    { id: 'records', path: '/Hcp/records' },
  ];
}

/** The watched patient of the patient view (spec §2 /Hcp children: `?uid=`). */
export function useViewedUid(): string | null {
  const [params] = useSearchParams();
  return params.get('uid')?.trim() || null;
}

export interface PatientShellProps {
  area: Area;
  tab: TabId;
  /** The screen's own heading under the patient's name. */
  title: string;
  children: (profile: PatientProfile, uid: string) => ReactNode;
}

/**
 * The patient view's frame (/Hcp, /ClinicHcp): the patient's name, alias, gender, age, diabetes
 * type and last upload, the tabs (each keeping `?uid=`), and a clear state when the server
 * refuses access to this patient (403).
 */
export function PatientShell({ area, tab, title, children }: PatientShellProps) {
  const { t } = useTranslation();
  const uid = useViewedUid();
  const user = useSession();
  const profile = usePatientProfile(uid ?? '');
  const name = profile.data ? profile.data.realname || profile.data.username : null;
  useEffect(() => {
    document.title = [title, name, t('app.name')].filter(Boolean).join(' · ');
  }, [t, title, name]);

  const home = user ? homeOf(user) : '/';
  const tabs = profile.data ? tabsOf(area, profile.data, user?.userType === 'M') : [];
  let body: ReactNode;
  if (!uid) {
    body = <Notice kind="info">{t('patientView.choosePatient')}</Notice>;
  } else if (profile.isPending) {
    body = <Spinner />;
  } else if (profile.error) {
    body = isRefusal(profile.error) ? (
      <Notice kind="warning">{t('patientView.noAccess')}</Notice>
    ) : (
      <Notice kind="error">
        {t(profile.error instanceof ApiFailureError ? failureKey(profile.error.failure) : 'errors.network')}
      </Notice>
    );
  }

  return (
    <section className="page page--wide pv" aria-labelledby="page-title">
      <div className="card">
        {body && (
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
        )}
        {body ?? (
          <>
            <PatientHeader profile={profile.data!} />
            <TabMenu
              label={t('patientView.tabsLabel')}
              items={tabs.map(({ id, path }) => ({
                to: withUid(path, uid!),
                label: t(`patientView.tabs.${id}`),
              }))}
              current={tabs.findIndex(({ id }) => id === tab)}
            />
            <nav className="pv-tabs tab-row" aria-label={t('patientView.tabsLabel')}>
              {tabs.map(({ id, path }) => (
                <Link
                  key={id}
                  to={withUid(path, uid!)}
                  className={id === tab ? 'pv-tabs__tab pv-tabs__tab--current' : 'pv-tabs__tab'}
                  aria-current={id === tab ? 'page' : undefined}
                >
                  {t(`patientView.tabs.${id}`)}
                </Link>
              ))}
            </nav>
            <div className="pv-section">
              <h2 className="section__title">{title}</h2>
              {children(profile.data!, uid!)}
            </div>
          </>
        )}
        {body && (
          <p>
            <Link to={home} className="btn btn--secondary btn--small">
              {t('patientView.backToList')}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

function PatientHeader({ profile }: { profile: PatientProfile }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <header className="pv-head">
      <h1 id="page-title" className="page__title">
        {profile.realname || profile.username}
        {profile.alias && <span className="muted">{` (${profile.alias})`}</span>}
      </h1>
      <ul className="pv-head__facts">
        <li>{t(`profile.gender.${profile.gender}`)}</li>
        <li>
          {profile.age === null
            ? t('patientView.ageUnknown')
            : t('patientView.age', { age: formatNumber(profile.age, lang) })}
        </li>
        <li>{t(`profile.diabetesType.${profile.diabetes_type}`)}</li>
        <li>
          {profile.upload_time === null
            ? t('patientView.noUpload')
            : t('patientView.lastUpload', { time: formatDateTime(profile.upload_time, lang) })}
        </li>
      </ul>
    </header>
  );
}
