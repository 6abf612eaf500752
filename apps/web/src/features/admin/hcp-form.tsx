import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageCode, profession, type NewHcpAccount } from '@cgm/contract';
import { findLanguage, isValidRealName, REAL_NAME_PROBLEM } from '@cgm/domain';
import { CountrySelect } from '../../components/country-select';
import { PasswordField, SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { useSession } from '../../session/session-state';
import { SESSION_KEYS } from '../../session/session';
import { sessionStore } from '../../lib/storage';
import { useCreateHcp } from './admin-api';
import { failureText, fieldErrors } from './admin-ui';

// The portal's 22 languages (spec §9), from the contract that validates them.
const LANGUAGES = languageCode.options;

const blank = (country: string): NewHcpAccount => ({
  kind: 'hcp',
  username: '',
  realname: '',
  password: '',
  organisation: '',
  country,
  language: 'en',
  major: 'unspecified',
  manager: '',
  clinic_id: '',
});

/**
 * Creates an HCP account directly (active at once): an HCP of their own, who may then run a group,
 * or a member of an existing HCP group under its manager (docs/ADMIN-SCREENS.md).
 */
export function HcpForm() {
  const { t } = useTranslation();
  const user = useSession();
  const create = useCreateHcp();
  const [form, setForm] = useState<NewHcpAccount>(() =>
    blank(sessionStore().getItem(SESSION_KEYS.locCode) ?? 'GB'),
  );
  const [created, setCreated] = useState<string | null>(null);
  // The real-name rule of spec §5, checked before asking the server (which checks it again).
  const [badName, setBadName] = useState(false);
  const errors = fieldErrors(create.error);
  const tr = (list?: string[]) => list?.map((k) => t(k));
  const set = (patch: Partial<NewHcpAccount>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <form
      className="form grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setCreated(null);
        const nameOk = isValidRealName(form.realname.trim());
        setBadName(!nameOk);
        if (!nameOk) return;
        const body: NewHcpAccount = {
          ...form,
          manager: form.kind === 'member' ? form.manager : undefined,
          clinic_id: form.clinic_id || undefined,
        };
        create.mutate(body, {
          onSuccess: (r) => {
            setCreated(r.username);
            setForm(blank(form.country));
          },
        });
      }}
    >
      <SelectField
        label={t('hcpDesk.form.kind')}
        value={form.kind}
        onValue={(v) => set({ kind: v as NewHcpAccount['kind'] })}
        options={[
          { value: 'hcp', label: t('hcpDesk.form.kindHcp') },
          { value: 'member', label: t('hcpDesk.form.kindMember') },
        ]}
      />
      {form.kind === 'member' && (
        <TextField
          label={t('hcpDesk.form.manager')}
          required
          value={form.manager ?? ''}
          error={tr(errors.manager)}
          onValue={(manager) => set({ manager })}
        />
      )}
      <TextField
        label={t('hcpDesk.form.username')}
        required
        autoComplete="off"
        value={form.username}
        error={tr(errors.username)}
        onValue={(username) => set({ username })}
      />
      <TextField
        label={t('hcpDesk.form.realname')}
        required
        hint={t('validation.realNameHint')}
        value={form.realname}
        error={badName ? t(REAL_NAME_PROBLEM) : tr(errors.realname)}
        onValue={(realname) => set({ realname })}
      />
      <PasswordField
        label={t('hcpDesk.form.password')}
        required
        autoComplete="new-password"
        value={form.password}
        error={tr(errors.password)}
        onValue={(password) => set({ password })}
      />
      <TextField
        label={t('hcpDesk.form.organisation')}
        required
        value={form.organisation}
        error={tr(errors.organisation)}
        onValue={(organisation) => set({ organisation })}
      />
      <SelectField
        label={t('hcpDesk.form.profession')}
        value={form.major ?? 'unspecified'}
        onValue={(v) => set({ major: v as NewHcpAccount['major'] })}
        options={profession.options.map((p) => ({ value: p, label: t(`hcpDesk.profession.${p}`) }))}
      />
      <CountrySelect
        label={t('hcpDesk.form.country')}
        required
        value={form.country}
        onValue={(country) => set({ country })}
      />
      <SelectField
        label={t('hcpDesk.form.language')}
        value={form.language}
        onValue={(v) => set({ language: v as NewHcpAccount['language'] })}
        options={LANGUAGES.map((l) => ({ value: l, label: findLanguage(l)?.nativeName ?? l }))}
      />
      <TextField
        label={t('hcpDesk.form.clinic')}
        hint={t('hcpDesk.form.clinicHint')}
        value={form.clinic_id ?? ''}
        error={tr(errors.clinic_id)}
        onValue={(clinic_id) => set({ clinic_id })}
      />
      {user?.userType === 'D' && <p className="muted field--full">{t('hcpDesk.form.ownCountry')}</p>}
      {create.error && <Notice kind="error">{failureText(create.error, t)}</Notice>}
      {created && <Notice kind="success">{t('hcpDesk.form.created', { name: created })}</Notice>}
      <div className="form__actions field--full">
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('hcpDesk.form.submit')}
        </button>
      </div>
    </form>
  );
}
