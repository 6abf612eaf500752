import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Escape, the close button and the backdrop; omit to make the dialog demand a choice. */
  onClose?: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** alertdialog for confirmations and warnings that interrupt (WAI-ARIA). */
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}

/** A modal on the native <dialog> element: focus stays inside, the page behind is inert. */
export function Dialog({ open, title, onClose, children, actions, role = 'dialog', wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose?.();
      }}
    >
      {open && (
        <div className="dialog__frame">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {onClose && (
              <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </header>
          <div id={bodyId} className="dialog__body">
            {children}
          </div>
          {actions && <footer className="dialog__actions">{actions}</footer>}
        </div>
      )}
    </dialog>
  );
}
