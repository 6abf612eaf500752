import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@cgm/contract';
import { failureKey } from '../../api/errors';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { deletePatients } from './patient-list-api';
import { displayName } from './patient-row-view';

interface Props {
  open: boolean;
  accounts: PatientListItem[];
  removals: PatientListItem[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * Spec §8 confirmation "delete patients", saying what will happen to each: an account this HCP
 * created (and nobody else follows) is deleted with all its data and cannot be restored; anyone
 * else only leaves this list and loses nothing.
 */
export function DeletePatientsDialog({ open, accounts, removals, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const res = await deletePatients([...accounts, ...removals].map((i) => i.uid));
    setBusy(false);
    if (!res.ok) return setError(t(failureKey(res)));
    onDone(t('patients.delete.done', { deleted: res.data.deleted.length, removed: res.data.removed.length }));
  };
  const names = (list: PatientListItem[]) => (
    <ul className="delete-list">
      {list.map((i) => (
        <li key={i.uid}>{displayName(i)}</li>
      ))}
    </ul>
  );
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={t('patients.delete.title')}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => void confirm()} disabled={busy}>
            {t('patients.delete.confirm')}
          </button>
        </>
      }
    >
      {accounts.length > 0 && (
        <>
          <p>
            <strong>{t('patients.delete.accounts')}</strong>
          </p>
          {names(accounts)}
        </>
      )}
      {removals.length > 0 && (
        <>
          <p>{t('patients.delete.removals')}</p>
          {names(removals)}
        </>
      )}
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
