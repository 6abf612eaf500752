import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

/**
 * A confirmation before anything is destroyed or taken away (spec §8 "Confirmations"; the server
 * insists on confirm: true for its destructive calls): cancel, or the confirming button.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      title={props.title}
      role="alertdialog"
      onClose={props.onClose}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={props.danger ? 'btn btn--danger' : 'btn btn--primary'}
            disabled={props.busy || props.disabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
