import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api/api';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { Switch } from '../../components/switch';
import { getSecurity, saveSecurity } from './password-api';

type Settings = { mfa: boolean; show_glucose: boolean };

/** Security (spec §2): multi-factor authentication on or off, show glucose value. */
export function SecuritySettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['security'],
    queryFn: async ({ signal }) => unwrap(await getSecurity(signal)).security,
  });
  const [draft, setDraft] = useState<Settings | null>(null);
  const save = useMutation({
    mutationFn: async (s: Settings) => unwrap(await saveSecurity(s)),
    onSuccess: (_data, s) => {
      queryClient.setQueryData(['security'], s);
      setDraft(null);
    },
  });

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const key = query.error instanceof ApiFailureError ? failureKey(query.error.failure) : 'errors.network';
    return <Notice kind="error">{t(key)}</Notice>;
  }
  const value = draft ?? query.data;
  const changed =
    draft !== null && (draft.mfa !== query.data.mfa || draft.show_glucose !== query.data.show_glucose);
  const saveError =
    save.error instanceof ApiFailureError
      ? t(failureKey(save.error.failure))
      : save.error
        ? t('messages.modifyFailed')
        : null;

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft) save.mutate(draft);
      }}
    >
      <Switch
        label={t('security.mfa')}
        description={t('security.mfaHint')}
        checked={value.mfa}
        onChange={(mfa) => setDraft({ ...value, mfa })}
      />
      <Switch
        label={t('security.showGlucose')}
        description={t('security.showGlucoseHint')}
        checked={value.show_glucose}
        onChange={(show_glucose) => setDraft({ ...value, show_glucose })}
      />
      {saveError && <Notice kind="error">{saveError}</Notice>}
      {save.isSuccess && !draft && <Notice kind="success">{t('success.saved')}</Notice>}
      <button type="submit" className="btn btn--primary" disabled={!changed || save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}
