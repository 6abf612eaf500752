import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupUser } from '@cgm/contract';
import { unwrap } from '../../api/api';
import { ApiFailureError, failureKey } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { careTeamKeys, deleteGroupUser } from './care-team-api';

/**
 * Delete a member of the group (spec §6 "add and delete users"), after a confirmation that says
 * what happens to the member's patients: their connections end, every patient keeps account and
 * data, and nobody else in the group gains access without the patient's consent.
 */
export function DeleteMember({
  user,
  onDeleted,
}: {
  user: Pick<GroupUser, 'uid' | 'realname'>;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () => unwrap(await deleteGroupUser(user.uid)),
    onSuccess: async () => {
      setConfirming(false);
      client.removeQueries({ queryKey: careTeamKeys.user(user.uid) });
      await client.invalidateQueries({ queryKey: careTeamKeys.all });
      onDeleted?.();
    },
  });
  const name = { name: user.realname };
  return (
    <>
      <button
        type="button"
        className="btn btn--small btn--danger"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        {t('careTeam.delete.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('careTeam.delete.title', name)}
        confirmLabel={t('careTeam.delete.confirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('careTeam.delete.text', name)}</p>
        <p>{t('careTeam.delete.patients', name)}</p>
        <p className="muted">{t('careTeam.delete.irreversible')}</p>
        {remove.error && (
          <Notice kind="error">
            {t(
              remove.error instanceof ApiFailureError
                ? failureKey(remove.error.failure)
                : 'messages.deleteFailed',
            )}
          </Notice>
        )}
      </ConfirmDialog>
    </>
  );
}
