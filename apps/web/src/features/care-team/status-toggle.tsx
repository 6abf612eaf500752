import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupUser } from '@cgm/contract';
import { unwrap } from '../../api/api';
import { ApiFailureError, failureKey } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { careTeamKeys, setGroupUserStatus } from './care-team-api';

export function StatusTag({ status }: { status: GroupUser['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`ct-tag ${status === 'active' ? 'ct-tag--active' : 'ct-tag--disabled'}`}>
      {t(`careTeam.status.${status}`)}
    </span>
  );
}

/** Disable or enable a member, after a confirmation that says what it does. */
export function StatusToggle({ user }: { user: Pick<GroupUser, 'uid' | 'realname' | 'status'> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const next = user.status === 'disabled' ? 'active' : 'disabled';
  const change = useMutation({
    mutationFn: async () => unwrap(await setGroupUserStatus(user.uid, next)),
    onSuccess: async () => {
      setConfirming(false);
      await client.invalidateQueries({ queryKey: careTeamKeys.all });
    },
  });
  const verb = next === 'disabled' ? 'disable' : 'enable';
  return (
    <>
      <button
        type="button"
        className={`btn btn--small ${next === 'disabled' ? 'btn--danger' : 'btn--secondary'}`}
        onClick={() => {
          change.reset();
          setConfirming(true);
        }}
      >
        {t(`careTeam.${verb}.button`)}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t(`careTeam.${verb}.title`, { name: user.realname })}
        confirmLabel={t(`careTeam.${verb}.confirm`)}
        danger={next === 'disabled'}
        busy={change.isPending}
        onConfirm={() => change.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p>{t(`careTeam.${verb}.text`, { name: user.realname })}</p>
        {change.error && (
          <Notice kind="error">
            {t(
              change.error instanceof ApiFailureError
                ? failureKey(change.error.failure)
                : 'messages.modifyFailed',
            )}
          </Notice>
        )}
      </ConfirmDialog>
    </>
  );
}
