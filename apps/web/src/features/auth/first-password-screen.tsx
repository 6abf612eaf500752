import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@cgm/domain';
import { failureKey } from '../../api/errors';
import { SESSION_KEYS } from '../../session/session';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { sessionStore } from '../../lib/storage';
import { isValid, validateFirstPassword, type Errors } from '../../lib/password-rules';
import { setFirstPassword } from './auth-api';
import { useContinuedSignIn } from './use-sign-in';

/**
 * /firstPassword: the first sign-in of an account whose password someone else chose (an HCP who
 * created the patient's account). No session exists yet: the user's own password comes before
 * anything else, then the sign-in goes on (second factor, terms, home) as after any login.
 */
export function FirstPasswordScreen() {
  const { t } = useTranslation();
  const store = sessionStore();
  const { loginPage, signIn } = useContinuedSignIn();
  const [token, setToken] = useState(() => store.getItem(SESSION_KEYS.firstPasswordToken));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors<'password' | 'repeat'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tr = (list?: string[]) => (list ?? []).map((k) => t(k));

  if (!token) {
    return (
      <Page title={t('firstPassword.title')} width="narrow">
        <Notice kind="info">{t('firstPassword.expired')}</Notice>
        <Link className="btn btn--primary" to={loginPage}>
          {t('mfa.backToSignIn')}
        </Link>
      </Page>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = validateFirstPassword({ password, repeat });
    setErrors(found);
    if (!isValid(found)) return;
    setBusy(true);
    const result = await setFirstPassword(token, password);
    setBusy(false);
    if (result.ok || result.code === ErrorCode.MFA_REQUIRED) {
      store.removeItem(SESSION_KEYS.firstPasswordToken);
      return signIn.handle(result, loginPage);
    }
    if (result.code === ErrorCode.CODE_WRONG) {
      // Used, expired or unknown: the password is unchanged; signing in again gives a new step.
      store.removeItem(SESSION_KEYS.firstPasswordToken);
      setToken(null);
      return;
    }
    const details = (result.body.details ?? []) as Array<{ path: string; message: string }>;
    const onPassword = details.filter((d) => d.path === 'password').map((d) => d.message);
    if (onPassword.length > 0) setErrors({ password: onPassword });
    else setFailure(t(failureKey(result)));
  };

  return (
    <Page title={t('firstPassword.title')} width="narrow" lead={t('firstPassword.lead')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <NewPasswordFields
          labels={{ password: t('reset.newPassword'), repeat: t('reset.repeatPassword') }}
          hint={t('security.passwordHint')}
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          errors={{ password: tr(errors.password), repeat: tr(errors.repeat) }}
        />
        {failure && <Notice kind="error">{failure}</Notice>}
        {signIn.error && <Notice kind="error">{signIn.error}</Notice>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {t('firstPassword.submit')}
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
