import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { normalizeUsername } from '@cgm/domain';
import { useConfig } from '../../api/config';
import { Checkbox, PasswordField, TextField } from '../../components/form-field';
import { LanguageButton } from '../../components/language-dialog';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { PolicyLink } from '../../components/policy-dialog';
import { localStore } from '../../lib/storage';
import { login } from './auth-api';
import { EDITIONS, type Edition } from './login-outcome';
import { useSignIn } from './use-sign-in';
import { DemoProgressNotice } from './demo-progress';

const rememberKey = (edition: Edition) => `remembered_username_${edition}`;

/** Sign-in (spec §2 "Screens: Login"); the editions differ in wording, user type and links. */
export function LoginScreen({ edition }: { edition: Edition }) {
  const { t } = useTranslation();
  const info = EDITIONS[edition];
  const [params] = useSearchParams();
  const config = useConfig();
  const signIn = useSignIn(edition);
  const remembered = localStore().getItem(rememberKey(edition));
  const [username, setUsername] = useState(() => params.get('username') ?? remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const registered = params.get('registered') === '1';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    signIn.clearError();
    const name = normalizeUsername(username);
    if (!name || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    if (remember) localStore().setItem(rememberKey(edition), name);
    else localStore().removeItem(rememberKey(edition));
    const result = await login({ username: name, password, user_type: info.userType, remember });
    setBusy(false);
    if (!result.ok) setPassword('');
    await signIn.handle(result, info.page);
  };

  return (
    <Page title={t(`login.${edition}.title`)} width="narrow" lead={t(`login.${edition}.lead`)}>
      {registered && <Notice kind="success">{t('success.registered')}</Notice>}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <DemoProgressNotice />
        <TextField
          label={t('login.username')}
          value={username}
          onValue={setUsername}
          autoComplete="username"
          inputMode="email"
          required
          autoFocus={!username}
          error={missing && !username.trim() ? t('messages.usernamePasswordRequired') : null}
        />
        <PasswordField
          label={t('login.password')}
          value={password}
          onValue={setPassword}
          autoComplete="current-password"
          required
          autoFocus={Boolean(username)}
          error={missing && !password ? t('messages.usernamePasswordRequired') : null}
        />
        <div className="form__row form__row--split">
          <Checkbox label={t('login.remember')} checked={remember} onChecked={setRemember} />
          <Link to={`/updatePassword?back=${info.page}`} className="link">
            {t('login.forgot')}
          </Link>
        </div>
        {signIn.error && <Notice kind="error">{signIn.error}</Notice>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {busy ? t('login.signingIn') : t('login.submit')}
        </button>
      </form>

      <div className="login-links">
        {info.signUp && (
          <p>
            {t(`login.${edition}.noAccount`)}{' '}
            <Link to={info.signUp} className="link">
              {t('login.signUp')}
            </Link>
          </p>
        )}
        {info.applyHcp && (
          <p>
            <Link to="/hcpSign" className="link">
              {t('login.applyHcp')}
            </Link>
          </p>
        )}
        {info.otherEdition && (
          <p>
            <Link to={info.otherEdition} className="link">
              {t(`login.${edition}.otherEdition`)}
            </Link>
          </p>
        )}
        <p>
          <LanguageButton className="link-btn" />
        </p>
      </div>

      <p className="consent-note">
        {t('login.consent')} <PolicyLink kind="privacy" /> · <PolicyLink kind="terms" />
        {config.data && (
          <span className="muted">
            {' '}
            {t('login.privacyVersion', { version: config.data.privacy_version })}
          </span>
        )}
      </p>
      {signIn.dialogs}
    </Page>
  );
}

export const PersonalLoginScreen = () => <LoginScreen edition="personal" />;
export const HcpLoginScreen = () => <LoginScreen edition="hcp" />;
export const ClinicLoginScreen = () => <LoginScreen edition="clinic" />;
export const AdminLoginScreen = () => <LoginScreen edition="admin" />;
