import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupUser } from '@cgm/contract';
import { useSession } from '../../session/session-state';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { formatNumber } from '../../i18n/format';
import { formatDate } from '../../i18n/format-time';
import { useGroupUser, useGroupUsers } from './care-team-api';
import { DeleteMember } from './delete-member';
import { isGroupManager } from './group-manager';
import { StatusTag, StatusToggle } from './status-toggle';
import './care-team.css';

/** /HcpUserManagement (spec §2 "User management"): the group's users and, per user, the patients. */
export function UserManagementScreen() {
  const { t } = useTranslation();
  const manager = isGroupManager(useSession());
  const users = useGroupUsers();
  return (
    <Page title={t('careTeam.management.title')} width="wide" lead={t('careTeam.management.lead')}>
      {!manager ? (
        <Notice kind="info">{t('careTeam.managersOnly')}</Notice>
      ) : (
        <>
          <div className="ct-toolbar">
            <Link className="btn btn--secondary" to="/HcpOperationHistory">
              {t('careTeam.management.history')}
            </Link>
            {/* The manager's own patients: add, find and delete them (spec §6 "patients"). */}
            <Link className="btn btn--secondary" to="/HcpMenu">
              {t('careTeam.management.patients')}
            </Link>
            <Link className="btn btn--primary" to="/HcpAddUser">
              {t('careTeam.management.add')}
            </Link>
          </div>
          {users.isPending && <Spinner />}
          {users.error && (
            <Notice kind="error">
              {t(users.error instanceof ApiFailureError ? failureKey(users.error.failure) : 'errors.network')}
            </Notice>
          )}
          {users.data &&
            (users.data.length === 0 ? (
              <p className="muted">{t('careTeam.management.none')}</p>
            ) : (
              <UsersTable users={users.data} />
            ))}
        </>
      )}
    </Page>
  );
}

function UsersTable({ users }: { users: readonly GroupUser[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="ct-scroll">
      <table className="table table--stack ct-table">
        <thead>
          <tr>
            <th scope="col">{t('careTeam.col.name')}</th>
            <th scope="col">{t('careTeam.col.profession')}</th>
            <th scope="col">{t('careTeam.col.status')}</th>
            <th scope="col">{t('careTeam.col.created')}</th>
            <th scope="col">{t('careTeam.col.patients')}</th>
            <th scope="col">{t('careTeam.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.uid}>
              <td>
                <Link to={`/HcpGroupUserInfo?id=${encodeURIComponent(u.uid)}`}>{u.realname}</Link>
                <div className="muted small">{u.username}</div>
              </td>
              <td data-label={t('careTeam.col.profession')}>{t(`profile.profession.${u.major}`)}</td>
              <td data-label={t('careTeam.col.status')}>
                <span>
                  <StatusTag status={u.status} />
                </span>
              </td>
              <td data-label={t('careTeam.col.created')}>{formatDate(u.created_at, i18n.language)}</td>
              <td data-label={t('careTeam.col.patients')}>
                <div>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-expanded={open === u.uid}
                    disabled={u.patient_count === 0}
                    onClick={() => setOpen((o) => (o === u.uid ? null : u.uid))}
                  >
                    {t('careTeam.patients.count', {
                      count: u.patient_count,
                      formatted: formatNumber(u.patient_count, i18n.language),
                    })}
                  </button>
                  {open === u.uid && <PatientsOf uid={u.uid} />}
                </div>
              </td>
              <td>
                <div className="ct-actions">
                  <StatusToggle user={u} />
                  <DeleteMember user={u} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PatientsOf({ uid }: { uid: string }) {
  const info = useGroupUser(uid);
  if (!info.data) return info.isPending ? <Spinner /> : null;
  return (
    <ul className="ct-patients">
      {info.data.patients.map((p) => (
        <li key={p.uid}>{p.alias ? `${p.realname} (${p.alias})` : p.realname}</li>
      ))}
    </ul>
  );
}
