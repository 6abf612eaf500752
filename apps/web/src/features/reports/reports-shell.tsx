import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HomeSubject } from '../../session/homes';
import { useSession } from '../../session/session-state';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { TabMenu } from '../../components/tab-menu';
import { Spinner } from '../../components/page';
import { SCREEN_REPORTS, screenPathOf, type ReportId } from './report-catalog';
import { useReportLoad, useReportUid, type ReportCtx } from './report-context';
import './reports.css';

/** The first screen of a followed patient for this user: the clinic's or the patient view's overview. */
function overviewPathOf(user: HomeSubject): string | null {
  if (user.userType === 'M') return '/Hcp';
  if (user.userType !== 'D' || user.flag?.admin_login) return null;
  return user.flag?.clinic_login ? '/ClinicHcp' : '/Hcp';
}

export type ShellPlace = ReportId | 'home' | 'settings' | 'print';

/** A reports path with the current choices (uid, range, options) kept. */
export function useKeepQuery(): (path: string, uid?: string) => string {
  const [sp] = useSearchParams();
  return (path, uid) => {
    const next = new URLSearchParams(sp);
    if (uid && !next.has('uid')) next.set('uid', uid);
    next.delete('back');
    const q = next.toString();
    return q ? `${path}?${q}` : path;
  };
}

/**
 * The reports' frame (/Hcp/charts, /Hcp/chartSetting, /Hcp/print): the patient's name, the
 * reports as tabs keeping the address's choices, and the states before the report: choose a
 * patient, loading, no access (403), failure.
 */
export function ReportsShell(props: {
  place: ShellPlace;
  title: string;
  children: (ctx: ReportCtx) => ReactNode;
}) {
  const { t } = useTranslation();
  const { uid, own } = useReportUid();
  return (
    <section className="page page--wide reports" aria-labelledby="page-title">
      <div className="card reports__card">
        {uid ? (
          <Loaded uid={uid} own={own} {...props} />
        ) : (
          <>
            <h1 id="page-title" className="page__title">
              {props.title}
            </h1>
            <Notice kind="info">{t('reports.choosePatient')}</Notice>
          </>
        )}
      </div>
    </section>
  );
}

function Loaded({
  uid,
  own,
  place,
  title,
  children,
}: {
  uid: string;
  own: boolean;
  place: ShellPlace;
  title: string;
  children: (ctx: ReportCtx) => ReactNode;
}) {
  const { t } = useTranslation();
  const load = useReportLoad(uid, false);
  const user = useSession();
  const overview = user && !own ? overviewPathOf(user) : null;
  const keep = useKeepQuery();
  const name = load.state === 'ready' ? load.ctx.name : null;
  useEffect(() => {
    document.title = [title, own ? null : name, t('app.name')].filter(Boolean).join(' · ');
  }, [title, name, own, t]);

  if (load.state === 'refused') {
    return (
      <>
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <Notice kind="warning">{t('reports.noAccess')}</Notice>
      </>
    );
  }
  if (load.state === 'failed') {
    const e = load.error;
    return (
      <>
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        <Notice kind="error">
          {t(e instanceof ApiFailureError ? failureKey(e.failure) : 'errors.network')}{' '}
          <button type="button" className="link-btn" onClick={load.retry}>
            {t('common.reload')}
          </button>
        </Notice>
      </>
    );
  }
  if (load.state === 'loading') return <Spinner />;
  const ctx = load.ctx;
  return (
    <>
      <header className="reports__head">
        <div>
          <h1 id="page-title" className="page__title reports__title">
            {own ? t('reports.myReports') : ctx.name}
          </h1>
          <p className="muted small">{title}</p>
        </div>
        <div className="reports__head-links">
          {overview && (
            <Link className="btn btn--secondary btn--small" to={`${overview}?uid=${encodeURIComponent(uid)}`}>
              {t('reports.patientView')}
            </Link>
          )}
          <Link className="btn btn--secondary btn--small" to={keep('/Hcp/print', uid)}>
            {t('reports.quickPrint')}
          </Link>
        </div>
      </header>
      <ReportTabs place={place} uid={uid} />
      <div className="reports__body">{children(ctx)}</div>
    </>
  );
}

function ReportTabs({ place, uid }: { place: ShellPlace; uid: string }) {
  const { t } = useTranslation();
  const keep = useKeepQuery();
  const { pathname } = useLocation();
  const tabs = [
    { key: 'home', to: '/Hcp/charts', label: t('reports.tabs.home') },
    ...SCREEN_REPORTS.map((r) => ({ key: r.id, to: screenPathOf(r)!, label: t(`reports.names.${r.id}`) })),
    { key: 'settings', to: '/Hcp/chartSetting', label: t('reports.tabs.settings') },
  ];
  const isCurrent = (key: string) =>
    key === place || (key === 'settings' && pathname.startsWith('/Hcp/chartSetting'));
  return (
    <>
      <TabMenu
        label={t('phone.reportMenu')}
        items={tabs.map((tab) => ({ to: keep(tab.to, uid), label: tab.label }))}
        current={tabs.findIndex((tab) => isCurrent(tab.key))}
      />
      <nav className="reports-tabs tab-row" aria-label={t('reports.tabsLabel')}>
        {tabs.map((tab) => {
          const current = isCurrent(tab.key);
          return (
            <Link
              key={tab.key}
              to={keep(tab.to, uid)}
              className={current ? 'reports-tabs__tab reports-tabs__tab--current' : 'reports-tabs__tab'}
              aria-current={current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
    </>
  );
}
