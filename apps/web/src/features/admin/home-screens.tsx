import { Link, Navigate } from 'react-router';
import { useSession } from '../../session/session-state';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { useAdminHome, useAdmins } from './admin-api';
import { AdminPage, QueryState, adminTools, formatWhen } from './admin-ui';
import { HistoryTable } from './history-table';
import { scopeText } from './scope-fields';

/** The tiles of a home: the pending applications and accounts first, then every tool. */
function Tiles({ isSuper, pending, accounts }: { isSuper: boolean; pending: number; accounts: number }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="adm-tiles">
      <Link className="adm-tile" to="/CreateHCP_list">
        <span className="adm-tile__figure">{formatNumber(pending, i18n.language)}</span>
        {t('admin.home.pending')}
      </Link>
      <Link className="adm-tile" to="/Member">
        <span className="adm-tile__figure">{formatNumber(accounts, i18n.language)}</span>
        {t('admin.home.accounts')}
      </Link>
      {adminTools(isSuper).map((tool) => (
        <Link key={tool.to} className="adm-tile" to={tool.to}>
          {t(tool.key)}
        </Link>
      ))}
    </div>
  );
}

/** /accountsadmin_home: an account admin's scope, work waiting in it, and their recent actions. */
export function AdminHomeScreen() {
  const { t } = useTranslation();
  const home = useAdminHome();
  return (
    <AdminPage title={t('admin.home.title')}>
      <QueryState pending={home.isPending} error={home.error} />
      {home.data && (
        <>
          <p>
            {t('admin.home.welcome', { name: home.data.realname || home.data.username })}{' '}
            <strong>{scopeText(home.data.scope, t)}</strong>
          </p>
          <Tiles
            isSuper={false}
            pending={home.data.pending_applications}
            accounts={home.data.accounts_in_scope}
          />
          <h2>{t('admin.home.recent')}</h2>
          <HistoryTable items={home.data.recent} />
        </>
      )}
    </AdminPage>
  );
}

/** /accountsadmin_super: the super admin's home: every tool, and the account admins at a glance. */
export function SuperHomeScreen() {
  const user = useSession();
  // An account admin who opens the super admin's address gets their own home: this one offers
  // tools they may not use and an error where the admins would be listed.
  if (user?.role !== 'AccountAdminSuper') return <Navigate to="/accountsadmin_home" replace />;
  return <SuperHome />;
}

function SuperHome() {
  const { t, i18n } = useTranslation();
  const home = useAdminHome();
  const admins = useAdmins();
  const active = admins.data?.filter((a) => a.status === 'active' && a.role === 'AccountAdmin') ?? [];
  return (
    <AdminPage title={t('admin.super.title')}>
      <QueryState pending={home.isPending} error={home.error} />
      {home.data && (
        <Tiles isSuper pending={home.data.pending_applications} accounts={home.data.accounts_in_scope} />
      )}
      <h2>{t('admin.super.admins')}</h2>
      <QueryState pending={admins.isPending} error={admins.error} />
      {admins.data && (
        <p>
          {t('admin.super.adminCount', {
            active: formatNumber(active.length, i18n.language),
            total: formatNumber(admins.data.filter((a) => a.role === 'AccountAdmin').length, i18n.language),
          })}{' '}
          <Link to="/accountsadmin_list">{t('admin.nav.admins')}</Link>
        </p>
      )}
      <ul className="plain-list">
        {active.slice(0, 5).map((a) => (
          <li key={a.uid}>
            {a.realname} ({a.username}) · {scopeText(a.scope, t)} · {formatWhen(a.created_at, i18n.language)}
          </li>
        ))}
      </ul>
      {home.data && (
        <>
          <h2>{t('admin.home.recent')}</h2>
          <HistoryTable items={home.data.recent} />
        </>
      )}
    </AdminPage>
  );
}
