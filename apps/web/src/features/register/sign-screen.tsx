import { useState, type FormEvent } from 'react';
import { ErrorCode } from '@cgm/domain';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../api/config';
import { CountrySelect } from '../../components/country-select';
import { Checkbox, TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { currentLanguage } from '../../i18n/i18n';
import { readLocaleChoice } from '../../i18n/preferences';
import { localTodayIso } from '../../lib/dates';
import { localStore, sessionStore } from '../../lib/storage';
import { Agreement } from './agreement';
import { ContactFields } from './contact-fields';
import { register } from './register-api';
import {
  hasErrors,
  registerFailureKey,
  showsGuardianConsent,
  usernameOf,
  validateSign,
  type SignInput,
} from './register-rules';
import { useFieldErrors } from './use-field-errors';

const initial = (): SignInput => ({
  method: 'email',
  email: '',
  mobile: '',
  code: '',
  seccodeToken: null,
  realname: '',
  password: '',
  repeat: '',
  country: readLocaleChoice(sessionStore(), localStore()).country ?? 'GB',
  agree: false,
  invitation: '',
  birthday: '',
  guardianConsent: false,
});

/** Registration of a patient or caregiver (spec §2 "Registration", §5). */
export function SignScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConfig();
  const [accountType, setAccountType] = useState<'P' | 'M'>('P');
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<{
    kind: 'error' | 'success' | 'info';
    text: string;
    /** The regional site that serves the chosen country (error 71). */
    link?: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors<keyof SignInput | 'contact'>();
  const today = localTodayIso();
  const set = <K extends keyof SignInput>(key: K, value: SignInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validateSign(form, today);
    errors.show(found);
    if (hasErrors(found) || !form.seccodeToken) {
      setNotice({ kind: 'error', text: t('messages.informationIncomplete') });
      return;
    }
    if (!config.data) {
      setNotice({ kind: 'error', text: t('errors.network') });
      return;
    }
    setBusy(true);
    const contact =
      form.method === 'email' ? { email: form.email.trim().toLowerCase() } : { mobile: form.mobile.trim() };
    const res = await register({
      account_type: accountType,
      ...contact,
      seccode_token: form.seccodeToken,
      code: form.code,
      ...(form.invitation.trim() ? { invitation_code: form.invitation.trim() } : {}),
      realname: form.realname.trim(),
      password: form.password,
      country: form.country,
      language: currentLanguage(),
      ...(form.birthday ? { birthday: form.birthday } : {}),
      ...(showsGuardianConsent(form.birthday, today) ? { guardian_consent: form.guardianConsent } : {}),
      agree_terms: form.agree,
      terms_version: config.data.terms_version,
    });
    setBusy(false);
    if (res.ok) {
      const q = new URLSearchParams({ username: usernameOf(form), registered: '1' });
      void navigate(`/login?${q.toString()}`);
      return;
    }
    const siteUrl = typeof res.body.site_url === 'string' ? res.body.site_url : null;
    if (res.code === ErrorCode.WRONG_REGION && siteUrl) {
      setNotice({ kind: 'error', text: t('register.error.wrongRegion'), link: siteUrl });
      return;
    }
    setNotice({ kind: 'error', text: t(registerFailureKey(res.code)) });
  };

  return (
    <Page title={t('register.title')} lead={t('register.lead')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="segmented">
          <legend className="field__label">{t('register.accountType')}</legend>
          {(['P', 'M'] as const).map((type) => (
            <label key={type} className="segmented__option">
              <input
                type="radio"
                name="accountType"
                checked={accountType === type}
                onChange={() => setAccountType(type)}
              />
              <span>{t(type === 'P' ? 'register.patient' : 'register.carer')}</span>
            </label>
          ))}
        </fieldset>
        <ContactFields
          form={form}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
          purpose="register"
          allowMobile
          contactError={errors.text('contact')}
          codeError={errors.text('code')}
          onNotice={setNotice}
        />
        <TextField
          label={t('register.invitation')}
          value={form.invitation}
          onValue={(v) => set('invitation', v)}
          hint={t('register.invitationHint')}
          maxLength={32}
          error={errors.text('invitation')}
        />
        <TextField
          label={t('register.fullName')}
          value={form.realname}
          onValue={(v) => set('realname', v)}
          autoComplete="name"
          required
          hint={t('validation.realNameHint')}
          error={errors.text('realname')}
        />
        <NewPasswordFields
          labels={{ password: t('register.password'), repeat: t('register.repeatPassword') }}
          hint={t('register.passwordHint')}
          password={form.password}
          repeat={form.repeat}
          onPassword={(v) => set('password', v)}
          onRepeat={(v) => set('repeat', v)}
          errors={{ password: errors.list('password'), repeat: errors.text('repeat') }}
        />
        <CountrySelect
          label={t('register.country')}
          value={form.country}
          onValue={(v) => set('country', v)}
          site={config.data?.site}
          required
        />
        <TextField
          label={t('register.birthday')}
          type="date"
          value={form.birthday}
          max={today}
          onValue={(v) => set('birthday', v)}
          autoComplete="bday"
          error={errors.text('birthday')}
          required
        />
        {showsGuardianConsent(form.birthday, today) && (
          <Checkbox
            label={t('register.guardianConsent')}
            checked={form.guardianConsent}
            onChecked={(v) => set('guardianConsent', v)}
            error={errors.text('guardianConsent')}
            required
          />
        )}
        <Agreement checked={form.agree} onChecked={(v) => set('agree', v)} error={errors.text('agree')} />
        {notice && (
          <Notice kind={notice.kind}>
            {notice.text}
            {notice.link && (
              <>
                {' '}
                <a href={notice.link} dir="ltr">
                  {notice.link}
                </a>
              </>
            )}
          </Notice>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {t('register.submit')}
        </button>
      </form>
      <p className="login-links">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="link">
          {t('login.submit')}
        </Link>
      </p>
    </Page>
  );
}
