import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diabetesType, gender, profession, type Profile } from '@cgm/contract';
import { CountrySelect } from '../../components/country-select';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { formatIsoDate } from '../../i18n/format';
import { localTodayIso } from '../../lib/dates';
import { Portrait } from './portrait';
import { saveProfile } from './profile-api';
import {
  toForm,
  toUpdate,
  validateProfile,
  variantOf,
  VARIANT_FIELDS,
  type ProfileField,
  type ProfileForm,
} from './profile-form';

export function ProfileEditor({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const variant = variantOf(profile.user_type);
  const shown = new Set<ProfileField>(VARIANT_FIELDS[variant]);
  const [form, setForm] = useState<ProfileForm>(() => toForm(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const today = localTodayIso();
  const set = (key: ProfileField) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const err = (key: ProfileField) => (errors[key] ? t(errors[key]) : null);
  const text = (key: ProfileField, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`profile.field.${key}`)}
      value={form[key]}
      onValue={set(key)}
      error={err(key)}
      {...extra}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validateProfile(form, variant, today, toForm(profile));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ kind: 'error', text: t('messages.inputError') });
      return;
    }
    setBusy(true);
    const res = await saveProfile(toUpdate(form, variant));
    setBusy(false);
    if (!res.ok) {
      setNotice({ kind: 'error', text: t('messages.inputError') });
      return;
    }
    setNotice({ kind: 'success', text: t('success.saved') });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="profile-head">
        <Portrait
          uid={profile.uid}
          hasPortrait={profile.has_portrait}
          name={profile.realname || profile.username}
        />
        <dl className="facts">
          <dt>{t('profile.field.username')}</dt>
          <dd>{profile.username}</dd>
          <dt>{t('profile.field.userType')}</dt>
          <dd>{t(`profile.userType.${profile.user_type}`)}</dd>
          <dt>{t('profile.field.createdBy')}</dt>
          <dd>{t(`profile.createdBy.${profile.created_by}`)}</dd>
          <dt>{t('profile.field.createdAt')}</dt>
          <dd>{formatIsoDate(profile.created_at.slice(0, 10), i18n.language)}</dd>
        </dl>
      </div>
      <fieldset className="grid">
        <legend className="section__title">{t('profile.personal')}</legend>
        {text('realname', { required: true, autoComplete: 'name', hint: t('validation.realNameHint') })}
        {text('alias', { maxLength: 40 })}
        <SelectField
          label={t('profile.field.gender')}
          value={form.gender}
          onValue={set('gender')}
          options={gender.options.map((g) => ({ value: g, label: t(`profile.gender.${g}`) }))}
        />
        {shown.has('birthday') && text('birthday', { type: 'date', max: today, autoComplete: 'bday' })}
        <CountrySelect label={t('profile.field.country')} value={form.country} onValue={set('country')} />
      </fieldset>
      {variant === 'patient' && (
        <fieldset className="grid">
          <legend className="section__title">{t('profile.diabetes')}</legend>
          <SelectField
            label={t('profile.field.diabetes_type')}
            value={form.diabetes_type}
            onValue={set('diabetes_type')}
            options={diabetesType.options.map((d) => ({ value: d, label: t(`profile.diabetesType.${d}`) }))}
          />
          {text('diabetes_diagnosis_date', { type: 'date', max: today })}
          {text('height', { inputMode: 'decimal', addon: <span className="unit">{t('units.cm')}</span> })}
          {text('weight', { inputMode: 'decimal', addon: <span className="unit">{t('units.kg')}</span> })}
        </fieldset>
      )}
      {variant === 'hcp' && (
        <fieldset className="grid">
          <legend className="section__title">{t('profile.professional')}</legend>
          {text('organisation', { required: true, autoComplete: 'organization', maxLength: 200 })}
          <SelectField
            label={t('profile.field.major')}
            value={form.major}
            onValue={set('major')}
            options={profession.options.map((p) => ({ value: p, label: t(`profile.profession.${p}`) }))}
          />
          {text('serve_for', { maxLength: 200, hint: t('profile.serveForHint') })}
          <div className="field field--full">
            <label className="field__label" htmlFor="profile-bio">
              {t('profile.field.bio')}
            </label>
            <textarea
              id="profile-bio"
              className="input"
              rows={4}
              maxLength={1000}
              value={form.bio}
              onChange={(e) => set('bio')(e.target.value)}
              aria-invalid={Boolean(errors.bio) || undefined}
            />
            {errors.bio && <div className="field__errors">{t(errors.bio)}</div>}
          </div>
        </fieldset>
      )}
      <fieldset className="grid">
        <legend className="section__title">{t('profile.contact')}</legend>
        <div className="field">
          <span className="field__label">{t('profile.field.email')}</span>
          <span className="readonly">{profile.email ?? '—'}</span>
        </div>
        {text('mobile', { type: 'tel', autoComplete: 'tel' })}
        {text('telephone', { type: 'tel' })}
        {text('address', { autoComplete: 'street-address', maxLength: 200 })}
        {text('zipcode', { autoComplete: 'postal-code', maxLength: 10 })}
      </fieldset>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
