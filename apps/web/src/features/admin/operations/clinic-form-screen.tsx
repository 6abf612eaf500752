import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Clinic } from '@cgm/contract';
import { isValidRealName, REAL_NAME_PROBLEM } from '@cgm/domain';
import { AdminPage } from '../admin-ui';
import { Notice } from '../../../components/notice';
import { PasswordField, TextField } from '../../../components/form-field';
import { CountrySelect } from '../../../components/country-select';
import { SESSION_KEYS } from '../../../session/session';
import { sessionStore } from '../../../lib/storage';
import { createClinic, editClinic, opsKeys, useClinics } from './ops-api';
import { failureText, fieldErrors, QueryState } from './ops-common';
import './operations.css';

/**
 * /ClinicDataAdd: a new clinic with its clinic login (an HCP account that signs in at /clinic and
 * sees the clinic's patients read-only), or, with ?id=, the clinic's details edited.
 */
export function ClinicDataAddScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const clinics = useClinics('');
  const existing = id ? clinics.data?.find((c) => c.id === id) : undefined;
  return (
    <AdminPage
      title={t(id ? 'clinics.editTitle' : 'clinics.addTitle')}
      width="medium"
      lead={t('clinics.addLead')}
    >
      {id && !existing ? (
        clinics.data ? (
          <Notice kind="error">{t('clinics.notFound')}</Notice>
        ) : (
          <QueryState pending={clinics.isPending} error={clinics.error} />
        )
      ) : (
        <ClinicForm key={existing?.id ?? 'new'} clinic={existing} />
      )}
    </AdminPage>
  );
}

function ClinicForm({ clinic }: { clinic?: Clinic }) {
  const { t, i18n } = useTranslation();
  const exists = (k: string) => i18n.exists(k);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(clinic?.name ?? '');
  // A new clinic starts in the admin's own country, as the HCP form does.
  const [country, setCountry] = useState(
    () => clinic?.country ?? sessionStore().getItem(SESSION_KEYS.locCode) ?? 'GB',
  );
  const [address, setAddress] = useState(clinic?.address ?? '');
  const [contact, setContact] = useState(clinic?.contact ?? '');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [realname, setRealname] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const fields = { name, country, address, contact };
      return clinic
        ? editClinic(clinic.id, fields)
        : createClinic({ ...fields, login: { username, password, realname } });
    },
    onSuccess: async (result) => {
      if (!result.ok) {
        setErrors(fieldErrors(result, t, exists));
        setFailure(failureText(result, t, exists));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
      void navigate('/ClinicalData', { state: { saved: result.data.clinic.name } });
    },
    onError: (e) => setFailure(failureText(e, t, exists)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    // The login's name follows the real-name rule of spec §5 (checked again by the server).
    if (!clinic && !isValidRealName(realname.trim())) {
      setErrors({ 'login.realname': t(REAL_NAME_PROBLEM) }); // i18n-scan: field path
      return;
    }
    setErrors({});
    save.mutate();
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <h2 className="section__title">{t('clinics.clinicSection')}</h2>
      <TextField
        label={t('clinics.name')}
        value={name}
        onValue={setName}
        required
        maxLength={120}
        error={errors.name}
      />
      <CountrySelect
        label={t('clinics.country')}
        value={country}
        onValue={setCountry}
        required
        error={errors.country}
      />
      <TextField
        label={t('clinics.address')}
        value={address}
        onValue={setAddress}
        maxLength={300}
        error={errors.address}
      />
      <TextField
        label={t('clinics.contact')}
        value={contact}
        onValue={setContact}
        maxLength={200}
        error={errors.contact}
      />
      {clinic ? (
        <p className="muted">{t('clinics.loginIs', { username: clinic.login?.username ?? '--' })}</p>
      ) : (
        <>
          <h2 className="section__title">{t('clinics.loginSection')}</h2>
          <p className="muted small">{t('clinics.loginHint')}</p>
          <TextField
            label={t('clinics.loginUsername')}
            type="email"
            autoComplete="off"
            value={username}
            onValue={setUsername}
            required
            error={errors['login.username']}
          />
          <TextField
            label={t('clinics.loginName')}
            hint={t('validation.realNameHint')}
            value={realname}
            onValue={setRealname}
            required
            error={errors['login.realname']} // i18n-scan: field path
          />
          <PasswordField
            label={t('clinics.loginPassword')}
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            required
            error={errors['login.password'] ? t('clinics.passwordRules') : undefined}
          />
        </>
      )}
      {failure && <Notice kind="error">{failure}</Notice>}
      <div className="form__actions">
        <Link className="btn btn--secondary" to="/ClinicalData">
          {t('common.cancel')}
        </Link>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t(clinic ? 'clinics.save' : 'clinics.create')}
        </button>
      </div>
    </form>
  );
}
