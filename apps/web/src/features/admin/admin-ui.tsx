import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut, useSession } from '../../session/session-state';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { adminTools } from './admin-tools';
import './admin.css';

export { adminTools } from './admin-tools';

/**
 * The admin header strip (spec §2 account-admin screens): the tools of the area and sign-out
 * through v2.1/logout (spec §7), which returns to /managementtools. The admin login (an HCP
 * account) sees only its desk.
 */
export function AdminNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession();
  const [busy, setBusy] = useState(false);
  const isAdmin = user?.userType === 'A';
  const isSuper = user?.role === 'AccountAdminSuper';
  const home = isSuper ? '/accountsadmin_super' : isAdmin ? '/accountsadmin_home' : '/CreateHCP';
  const tools = isAdmin ? adminTools(isSuper) : [];
  return (
    <nav className="adm-nav" aria-label={t('admin.nav.label')}>
      <NavLink to={home} end className="adm-nav__link">
        {t('admin.nav.home')}
      </NavLink>
      {tools.map((tool) => (
        <NavLink key={tool.to} to={tool.to} className="adm-nav__link">
          {t(tool.key)}
        </NavLink>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--small adm-nav__out"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut((to) => void navigate(to, { replace: true }));
        }}
      >
        {t('admin.nav.signOut')}
      </button>
    </nav>
  );
}

/** A screen of the admin area: the admin strip above the page card. */
export function AdminPage({
  title,
  children,
  lead,
  width = 'wide',
}: {
  title: string;
  children: ReactNode;
  lead?: ReactNode;
  width?: 'medium' | 'wide';
}) {
  return (
    <>
      <AdminNav />
      <Page title={title} width={width} lead={lead}>
        {children}
      </Page>
    </>
  );
}

/** The message of a failure: the server's own i18n key when it sent one, else the catalogue's. */
export function failureText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiFailureError)) return t('errors.network');
  const own = error.failure.message;
  if (own && own.includes('.') && t(own) !== own) return t(own);
  return t(failureKey(error.failure));
}

/** Field problems of a 400 answer, by field path. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiFailureError)) return {};
  const details = error.failure.body.details as Array<{ path: string; message: string }> | undefined;
  const out: Record<string, string[]> = {};
  for (const d of details ?? []) (out[d.path.split('.')[0] ?? d.path] ??= []).push(d.message);
  return out;
}

export function QueryState({ pending, error }: { pending: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (pending) return <Spinner />;
  if (!error) return null;
  return <Notice kind="error">{failureText(error, t)}</Notice>;
}

/** A moment as the rest of the portal writes it: the language refined by the chosen country. */
export function formatWhen(ms: number | null, language: string): string {
  if (ms === null) return '';
  return formatDateTime(ms, language);
}

export function Pager(props: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="adm-pager">
      <span className="muted">
        {t('admin.pager.summary', {
          page: formatNumber(props.page, i18n.language),
          pages: formatNumber(props.pages, i18n.language),
          total: formatNumber(props.total, i18n.language),
        })}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('admin.pager.previous')}
      </button>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('admin.pager.next')}
      </button>
    </div>
  );
}
