import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/api';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { getProfile } from './profile-api';
import { ProfileEditor } from './profile-editor';

/** /Profile1: the signed-in user's profile (spec §2 "Profile", §3 "Profile"). */
export function ProfileScreen() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['profile'],
    queryFn: async ({ signal }) => unwrap(await getProfile(signal)).profile,
  });
  return (
    <Page title={t('profile.title')} width="wide">
      {query.isPending && <Spinner />}
      {query.isError && (
        <Notice kind="error">
          {t(query.error instanceof ApiFailureError ? failureKey(query.error.failure) : 'errors.network')}
        </Notice>
      )}
      {query.data && <ProfileEditor key={query.data.uid} profile={query.data} />}
    </Page>
  );
}
