import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';

/**
 * Spec §2 "HCP apply": an existing patient or caregiver account becomes an HCP account only after
 * this confirmation, which says that its data and its personal sign-in are lost.
 */
export function ConvertDialog({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('hcpApply.convertTitle')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {t('hcpApply.convertConfirm')}
          </button>
        </>
      }
    >
      <p>{t('confirm.convertToHcp')}</p>
    </Dialog>
  );
}
