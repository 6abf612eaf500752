import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, ErrorCode, isValidCode, RESEND_CODE_WAIT_SECONDS } from '@cgm/domain';
import { failureKey } from '../../api/errors';
import { SESSION_KEYS } from '../../session/session';
import { TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { useCountdown } from '../../components/use-countdown';
import { sessionStore } from '../../lib/storage';
import { resendMfa, verifyMfa } from './auth-api';
import { useContinuedSignIn } from './use-sign-in';

/** The second factor (spec §4 "MFA on leads to verification code entry"): the mailed 6-digit code. */
export function VerificationCodeScreen() {
  const { t } = useTranslation();
  const store = sessionStore();
  const { loginPage, signIn } = useContinuedSignIn();
  const [mfaToken, setMfaToken] = useState(() => store.getItem(SESSION_KEYS.mfaToken));
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const countdown = useCountdown();
  const { start } = countdown;

  // The first code went out with the sign-in answer.
  useEffect(() => start(RESEND_CODE_WAIT_SECONDS), [start]);

  if (!mfaToken) {
    return (
      <Page title={t('mfa.title')} width="narrow">
        <Notice kind="info">{t('mfa.expired')}</Notice>
        <Link className="btn btn--primary" to={loginPage}>
          {t('mfa.backToSignIn')}
        </Link>
      </Page>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (!isValidCode(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setBusy(true);
    const result = await verifyMfa(mfaToken, code);
    setBusy(false);
    if (!result.ok) setCode('');
    await signIn.handle(result, loginPage);
  };

  const resend = async () => {
    setNotice(null);
    signIn.clearError();
    const res = await resendMfa(mfaToken);
    if (res.ok) {
      store.setItem(SESSION_KEYS.mfaToken, res.data.mfa_token);
      setMfaToken(res.data.mfa_token);
      start(RESEND_CODE_WAIT_SECONDS);
      setNotice({ kind: 'success', text: t('mfa.resent') });
      return;
    }
    const wait = res.body.wait_seconds;
    if (res.code === ErrorCode.RATE_LIMITED && typeof wait === 'number') start(wait);
    setNotice({ kind: 'error', text: t(failureKey(res)) });
  };

  return (
    <Page title={t('mfa.title')} width="narrow" lead={t('mfa.lead')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('mfa.code')}
          value={code}
          onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          pattern="[0-9]{6}"
          required
          autoFocus
          className="input input--code"
          error={invalid ? t('validation.code') : null}
        />
        {signIn.error && <Notice kind="error">{signIn.error}</Notice>}
        {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {t('mfa.submit')}
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={countdown.seconds > 0}
          onClick={() => void resend()}
        >
          {countdown.seconds > 0 ? t('messages.resendWait', { seconds: countdown.seconds }) : t('mfa.resend')}
        </button>
      </form>
      <p className="login-links">
        <Link to={loginPage} className="link">
          {t('mfa.backToSignIn')}
        </Link>
      </p>
      {signIn.dialogs}
    </Page>
  );
}
