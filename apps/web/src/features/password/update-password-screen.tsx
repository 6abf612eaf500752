import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, ErrorCode, normalizeUsername, RESEND_CODE_WAIT_SECONDS } from '@cgm/domain';
import { TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { Steps } from '../../components/steps';
import { useCountdown } from '../../components/use-countdown';
import { currentLanguage } from '../../i18n/i18n';
import { requestResetCode, resetPassword } from './password-api';
import {
  isValid,
  resetFailureKey,
  resetRequestFailureKey,
  validateReset,
  type Errors,
} from '../../lib/password-rules';

type Step = 'verify' | 'token' | 'done';
const STEPS: Step[] = ['verify', 'token', 'done'];
const SIGN_IN_PAGES = new Set(['/login', '/hcpLogin', '/clinic', '/managementtools']);

/** The reset wizard of spec §2 and §4: B verify, C token entered, D done. */
export function UpdatePasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const back = SIGN_IN_PAGES.has(params.get('back') ?? '') ? params.get('back')! : '/login';
  const [step, setStep] = useState<Step>('verify');
  const [username, setUsername] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors<'username' | 'code' | 'password' | 'repeat'>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { seconds, start } = useCountdown();
  const tr = (list?: string[]) => (list ?? []).map((k) => t(k));

  const requestCode = async () => {
    setNotice(null);
    const name = normalizeUsername(username);
    if (!name) {
      setErrors({ username: ['messages.fillRequired'] });
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await requestResetCode(name, currentLanguage());
    setBusy(false);
    if (res.ok && res.data.token) {
      setToken(res.data.token);
      setSentTo(res.data.sent_to ?? name);
      start(res.data.wait_seconds ?? RESEND_CODE_WAIT_SECONDS);
      setStep('token');
      return;
    }
    const wait = res.ok ? undefined : res.body.wait_seconds;
    if (!res.ok && res.code === ErrorCode.RATE_LIMITED && typeof wait === 'number') {
      start(wait);
      setNotice(t('messages.resendWait', { seconds: wait }));
      if (token) setStep('token');
      return;
    }
    setNotice(t(resetRequestFailureKey(res.ok ? ErrorCode.INTERNAL : res.code)));
  };

  const submitReset = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validateReset({ username: normalizeUsername(username), code, password, repeat });
    setErrors(found);
    if (!isValid(found) || !token) return;
    setBusy(true);
    const res = await resetPassword(token, code, password);
    setBusy(false);
    if (res.ok) setStep('done');
    else setNotice(t(resetFailureKey(res.code)));
  };

  return (
    <Page title={t('reset.title')} width="narrow">
      <Steps
        labels={[t('reset.stepVerify'), t('reset.stepToken'), t('reset.stepDone')]}
        current={STEPS.indexOf(step)}
      />
      {step === 'verify' && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void requestCode();
          }}
        >
          <p>{t('reset.verifyLead')}</p>
          <TextField
            label={t('login.username')}
            value={username}
            onValue={setUsername}
            autoComplete="username"
            required
            autoFocus
            error={tr(errors.username)}
          />
          {notice && <Notice kind="error">{notice}</Notice>}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy || seconds > 0}>
            {seconds > 0 ? t('messages.resendWait', { seconds }) : t('reset.sendCode')}
          </button>
        </form>
      )}
      {step === 'token' && (
        <form className="form" noValidate onSubmit={(e) => void submitReset(e)}>
          <Notice kind="info">{t('reset.codeSent', { to: sentTo })}</Notice>
          <TextField
            label={t('register.code')}
            value={code}
            onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            required
            autoFocus
            error={tr(errors.code)}
          />
          <NewPasswordFields
            labels={{ password: t('reset.newPassword'), repeat: t('reset.repeatPassword') }}
            hint={t('reset.passwordHint')}
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={{ password: tr(errors.password), repeat: tr(errors.repeat) }}
          />
          {notice && <Notice kind="error">{notice}</Notice>}
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {t('reset.submit')}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={busy || seconds > 0}
            onClick={() => void requestCode()}
          >
            {seconds > 0 ? t('messages.resendWait', { seconds }) : t('register.resendCode')}
          </button>
        </form>
      )}
      {step === 'done' && (
        <div className="form">
          <Notice kind="success">
            {t('success.verified')} {t('success.passwordChanged')}
          </Notice>
          <Link className="btn btn--primary btn--block" to={back}>
            {t('reset.toSignIn')}
          </Link>
        </div>
      )}
      {step !== 'done' && (
        <p className="login-links">
          <Link to={back} className="link">
            {t('mfa.backToSignIn')}
          </Link>
        </p>
      )}
    </Page>
  );
}
