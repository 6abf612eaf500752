import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HcpApplyRequest } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { useConfig } from '../../api/config';
import { failureKey } from '../../api/errors';
import { CountrySelect } from '../../components/country-select';
import { SelectField, TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { currentLanguage } from '../../i18n/i18n';
import { readLocaleChoice } from '../../i18n/preferences';
import { localStore, sessionStore } from '../../lib/storage';
import { Agreement } from './agreement';
import { ContactFields } from './contact-fields';
import { ConvertDialog } from './convert-dialog';
import { applyHcp } from './register-api';
import { hasErrors, validateHcp, type HcpInput } from './register-rules';
import { useFieldErrors } from './use-field-errors';

export const PROFESSIONS = [
  'unspecified',
  'endocrinologist',
  'educator',
  'nurse',
  'dietitian',
  'other',
] as const;
type Profession = (typeof PROFESSIONS)[number];

const initial = (): HcpInput & { major: Profession; mobile: string } => ({
  method: 'email',
  email: '',
  mobile: '',
  code: '',
  seccodeToken: null,
  realname: '',
  password: '',
  repeat: '',
  organisation: '',
  major: 'unspecified',
  country: readLocaleChoice(sessionStore(), localStore()).country ?? 'GB',
  agree: false,
});

/**
 * The HCP application (spec §2 "HCP apply"). `convert`: the applicant already has a patient or
 * carer account and is told up front what converting it means.
 */
export function HcpApplyForm({ convert }: { convert: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors<keyof HcpInput | 'contact'>();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const send = async (withConvert: boolean) => {
    if (!config.data || !form.seccodeToken) return;
    const body: HcpApplyRequest = {
      email: form.email.trim().toLowerCase(),
      seccode_token: form.seccodeToken,
      code: form.code,
      realname: form.realname.trim(),
      password: form.password,
      organisation: form.organisation.trim(),
      major: form.major,
      ...(form.mobile.trim() ? { mobile: form.mobile.trim() } : {}),
      country: form.country,
      language: currentLanguage(),
      agree_terms: form.agree,
      terms_version: config.data.terms_version,
      ...(withConvert ? { convert: true } : {}),
    };
    setBusy(true);
    const res = await applyHcp(body);
    setBusy(false);
    if (res.ok) {
      setDone(t(res.data.converted || withConvert ? 'messages.accountTypeChanged' : 'hcpApply.submitted'));
      return;
    }
    const existing = res.body.existing_type;
    if (res.code === ErrorCode.HCP_APPLY_USER_EXISTS && (existing === 'P' || existing === 'M')) {
      setConfirming(true);
      return;
    }
    if (res.code === ErrorCode.HCP_APPLY_USER_EXISTS)
      setNotice({ kind: 'error', text: t('messages.hcpApplyUserExists') });
    else if (res.code === ErrorCode.CODE_WRONG)
      setNotice({ kind: 'error', text: t('messages.codeIncorrect') });
    else setNotice({ kind: 'error', text: t(failureKey(res)) });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validateHcp(form);
    errors.show(found);
    if (hasErrors(found)) {
      setNotice({ kind: 'error', text: t('messages.informationIncomplete') });
      return;
    }
    if (!config.data) {
      setNotice({ kind: 'error', text: t('errors.network') });
      return;
    }
    void send(false);
  };

  if (done) {
    return (
      <>
        <Notice kind="success">{done}</Notice>
        <p>
          <Link className="btn btn--primary" to="/hcpLogin">
            {t('hcpApply.toSignIn')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {convert && <Notice kind="warning">{t('hcpApply.convertExplained')}</Notice>}
      <ContactFields
        form={form}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        purpose="hcp_apply"
        allowMobile={false}
        contactError={errors.text('contact')}
        codeError={errors.text('code')}
        onNotice={setNotice}
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
      <TextField
        label={t('hcpApply.organisation')}
        value={form.organisation}
        onValue={(v) => set('organisation', v)}
        autoComplete="organization"
        required
        maxLength={200}
        error={errors.text('organisation')}
      />
      <SelectField
        label={t('hcpApply.profession')}
        value={form.major}
        onValue={(v) => set('major', v as Profession)}
        options={PROFESSIONS.map((p) => ({ value: p, label: t(`profile.profession.${p}`) }))}
      />
      <TextField
        label={t('hcpApply.mobileOptional')}
        type="tel"
        value={form.mobile}
        onValue={(v) => set('mobile', v)}
        autoComplete="tel"
        maxLength={20}
      />
      <CountrySelect
        label={t('register.country')}
        value={form.country}
        onValue={(v) => set('country', v)}
        site={config.data?.site}
        required
      />
      <Agreement checked={form.agree} onChecked={(v) => set('agree', v)} error={errors.text('agree')} />
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
        {t('hcpApply.submit')}
      </button>
      {confirming && (
        <ConvertDialog
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void send(true);
          }}
        />
      )}
    </form>
  );
}
