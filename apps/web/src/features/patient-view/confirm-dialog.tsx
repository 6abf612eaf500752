import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';

/** A delete confirmation (spec §8 "Confirmations"): nothing is removed until the user agrees. */
export function ConfirmDelete({
  open,
  title,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      role="alertdialog"
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm}>
            {t('records.delete')}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Dialog>
  );
}
