import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../../api/errors';
import { Dialog } from '../../components/dialog';
import { Checkbox } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { PolicyLink } from '../../components/policy-dialog';
import { acceptTerms } from './auth-api';

export interface TermsDialogProps {
  version: string;
  /** The token of a sign-in not stored yet. */
  token?: string;
  onAgreed: () => void;
  onDeclined: () => void;
}

/**
 * Spec §2 "Privacy policy and terms acceptance dialog, shown on update. Agreeing is required to
 * continue." There is no way around it but to decline, which signs out.
 */
export function TermsDialog({ version, token, onAgreed, onDeclined }: TermsDialogProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const agree = async () => {
    if (!checked) {
      setError(t('terms.mustAgree'));
      return;
    }
    setBusy(true);
    setError(null);
    const res = await acceptTerms(version, token);
    setBusy(false);
    if (res.ok) onAgreed();
    else setError(t(failureKey(res)));
  };

  return (
    <Dialog
      open
      role="alertdialog"
      title={t('terms.title')}
      actions={
        <>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={onDeclined}>
            {t('terms.decline')}
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void agree()}>
            {t('terms.agree')}
          </button>
        </>
      }
    >
      <p>{t('terms.body', { version })}</p>
      <p className="inline-links">
        <PolicyLink kind="privacy" />
        <PolicyLink kind="terms" />
      </p>
      <Checkbox label={t('terms.checkbox')} checked={checked} onChecked={setChecked} />
      <p className="muted">{t('terms.declineHint')}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </Dialog>
  );
}
