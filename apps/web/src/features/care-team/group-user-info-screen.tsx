import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { formatDate } from '../../i18n/format-time';
import { useGroupUser } from './care-team-api';
import { DeleteMember } from './delete-member';
import { MemberPatients } from './member-patients';
import { StatusTag, StatusToggle } from './status-toggle';
import './care-team.css';

/** /HcpGroupUserInfo?id=… (spec §2): one member of the group, and the member's patients by name. */
export function GroupUserInfoScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id')?.trim() ?? '';
  const info = useGroupUser(id);
  const user = info.data?.user;
  return (
    <Page title={user ? user.realname : t('careTeam.info.title')} width="wide">
      <p>
        <Link to="/HcpUserManagement">{t('careTeam.info.back')}</Link>
      </p>
      {!id && <Notice kind="error">{t('careTeam.info.noId')}</Notice>}
      {id && info.isPending && <Spinner />}
      {info.error && (
        <Notice kind="error">
          {t(info.error instanceof ApiFailureError ? failureKey(info.error.failure) : 'errors.network')}
        </Notice>
      )}
      {user && info.data && (
        <div className="ct-stack">
          <dl className="ct-facts">
            <dt>{t('careTeam.col.username')}</dt>
            <dd>{user.username}</dd>
            <dt>{t('careTeam.col.profession')}</dt>
            <dd>{t(`profile.profession.${user.major}`)}</dd>
            <dt>{t('careTeam.col.organisation')}</dt>
            <dd>{user.organisation ?? '--'}</dd>
            <dt>{t('careTeam.col.created')}</dt>
            <dd>{formatDate(user.created_at, i18n.language)}</dd>
            <dt>{t('careTeam.col.status')}</dt>
            <dd>
              <StatusTag status={user.status} /> <StatusToggle user={user} />{' '}
              <DeleteMember user={user} onDeleted={() => void navigate('/HcpUserManagement')} />
            </dd>
          </dl>
          <section aria-labelledby="ct-patients-title">
            <h2 id="ct-patients-title">
              {t('careTeam.patients.title', { count: info.data.patients.length })}
            </h2>
            <p className="muted small">{t('careTeam.patients.consentNote')}</p>
            <MemberPatients patients={info.data.patients} />
          </section>
        </div>
      )}
    </Page>
  );
}
