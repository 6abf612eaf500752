import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-state';
import { PasswordField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { modifyPassword } from './password-api';
import { isValid, modifyFailureKey, validateChange, type Errors } from '../../lib/password-rules';
import { SecuritySettings } from './security-settings';

/** /changePassword: password modify and the security settings (spec §2 user menu "security"). */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors<'old' | 'password' | 'repeat'>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const tr = (list?: string[]) => (list ?? []).map((k) => t(k));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validateChange({ username: user?.username ?? '', old, password, repeat });
    setErrors(found);
    if (!isValid(found)) return;
    setBusy(true);
    const res = await modifyPassword(old, password);
    setBusy(false);
    if (res.ok) {
      setOld('');
      setPassword('');
      setRepeat('');
      setNotice({ kind: 'success', text: t('success.passwordChanged') });
    } else {
      setNotice({ kind: 'error', text: t(modifyFailureKey(res.code)) });
    }
  };

  return (
    <Page title={t('security.title')}>
      <section className="section" aria-labelledby="pw-title">
        <h2 id="pw-title" className="section__title">
          {t('security.changePassword')}
        </h2>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          {/* Lets password managers know whose password this is. */}
          <input
            type="text"
            className="visually-hidden"
            autoComplete="username"
            value={user?.username ?? ''}
            readOnly
            tabIndex={-1}
            aria-hidden="true"
          />
          <PasswordField
            label={t('security.oldPassword')}
            value={old}
            onValue={setOld}
            autoComplete="current-password"
            required
            error={tr(errors.old)}
          />
          <NewPasswordFields
            labels={{ password: t('reset.newPassword'), repeat: t('reset.repeatPassword') }}
            hint={t('security.passwordHint')}
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            errors={{ password: tr(errors.password), repeat: tr(errors.repeat) }}
          />
          {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('security.changePassword')}
          </button>
        </form>
      </section>
      <section className="section" aria-labelledby="sec-title">
        <h2 id="sec-title" className="section__title">
          {t('security.settings')}
        </h2>
        <SecuritySettings />
      </section>
    </Page>
  );
}
