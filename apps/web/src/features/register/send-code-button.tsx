import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, RESEND_CODE_WAIT_SECONDS } from '@cgm/domain';
import { useCountdown } from '../../components/use-countdown';
import { currentLanguage } from '../../i18n/i18n';
import { sendCode, type CodePurpose } from './register-api';
import { sendCodeFailureKey } from './register-rules';

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** The address to send to, or null when the field is not valid yet (the form shows why). */
  target: () => { email?: string; mobile?: string } | null;
  onSent: (token: string, to: string) => void;
  onError: (messageKey: string, params?: Record<string, number>) => void;
}

/** "Send code", then a visible 60 s wait before it can be sent again (spec §9). */
export function SendCodeButton({ purpose, target, onSent, onError }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const send = async () => {
    const to = target();
    if (!to) return;
    setBusy(true);
    const res = await sendCode(to, purpose, currentLanguage());
    setBusy(false);
    if (res.ok && res.data.token) {
      setSentOnce(true);
      start(res.data.wait_seconds ?? RESEND_CODE_WAIT_SECONDS);
      onSent(res.data.token, to.email ?? to.mobile ?? '');
      return;
    }
    const wait = res.ok ? undefined : res.body.wait_seconds;
    if (!res.ok && res.code === ErrorCode.RATE_LIMITED && typeof wait === 'number') {
      start(wait);
      onError('messages.resendWait', { seconds: wait });
      return;
    }
    onError(sendCodeFailureKey(res.ok ? ErrorCode.INTERNAL : res.code));
  };

  let label = sentOnce ? t('register.resendCode') : t('register.sendCode');
  if (seconds > 0) label = t('messages.resendWait', { seconds });
  return (
    <button
      type="button"
      className="btn btn--secondary send-code"
      disabled={busy || seconds > 0}
      aria-live="polite"
      onClick={() => void send()}
    >
      {label}
    </button>
  );
}
