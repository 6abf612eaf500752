import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { diabetesType, gender } from '@cgm/contract';
import { failureKey } from '../../api/errors';
import { Checkbox, PasswordField, SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { localTodayIso } from '../../lib/dates';
import { createPatient, patientListKeys } from './patient-list-api';
import {
  createFailureKey,
  EMPTY_FORM,
  hasErrors,
  toRequest,
  validateNewPatient,
  type FieldErrors,
  type NewPatientField,
  type NewPatientForm,
} from './new-patient-rules';
import { patientViewPath } from './patient-row-view';

/** Server field names (contract) → the form's fields, to show a 400's details in place. */
const SERVER_FIELDS: Record<string, NewPatientField> = {
  email: 'contact',
  mobile: 'contact',
  password: 'password',
  realname: 'realname',
  alias: 'alias',
  birthday: 'birthday',
  diabetes_diagnosis_date: 'diagnosisDate',
  patient_no: 'patientNo',
  bed_no: 'bedNo',
};

/** /newPatient (spec §2, §6): an HCP creates a patient account (created_by hcp) in their care. */
export function NewPatientScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<NewPatientForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof NewPatientForm>(key: K, value: NewPatientForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const err = (field: NewPatientField) => (errors[field] ?? []).map((k) => t(k));

  const submit = async () => {
    const found = validateNewPatient(form, localTodayIso());
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    setBusy(true);
    const res = await createPatient(toRequest(form));
    setBusy(false);
    if (res.ok) {
      void queryClient.invalidateQueries({ queryKey: patientListKeys.all });
      // The patient view opens with the catalogue's "Created." (spec §8 success messages).
      void navigate(patientViewPath(res.data.uid, false), { state: { notice: 'success.created' } });
      return;
    }
    const details = (res.body.details ?? []) as Array<{ path: string; message: string }>;
    const fromServer: FieldErrors = {};
    for (const d of details) (fromServer[SERVER_FIELDS[d.path] ?? 'contact'] ??= []).push(d.message);
    setErrors(fromServer);
    setFailure(t(createFailureKey(res.code, failureKey(res))));
  };

  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  return (
    <Page title={t('patients.new.title')} width="wide" lead={t('patients.new.lead')}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="grid">
          <SelectField
            label={t('patients.new.method')}
            value={form.method}
            onValue={(v) => set('method', v === 'mobile' ? 'mobile' : 'email')}
            options={[
              { value: 'email', label: t('patients.new.byEmail') },
              { value: 'mobile', label: t('patients.new.byMobile') },
            ]}
          />
          {form.method === 'email' ? (
            <TextField
              label={t('profile.field.email')}
              type="email"
              autoComplete="off"
              required
              value={form.email}
              onValue={(v) => set('email', v)}
              error={err('contact')}
            />
          ) : (
            <TextField
              label={t('profile.field.mobile')}
              type="tel"
              autoComplete="off"
              required
              value={form.mobile}
              onValue={(v) => set('mobile', v)}
              error={err('contact')}
            />
          )}
          <PasswordField
            label={t('patients.new.password')}
            autoComplete="new-password"
            required
            value={form.password}
            onValue={(v) => set('password', v)}
            error={err('password')}
            hint={t('patients.new.passwordHint')}
          />
          <PasswordField
            label={t('patients.new.repeat')}
            autoComplete="new-password"
            required
            value={form.repeat}
            onValue={(v) => set('repeat', v)}
            error={err('repeat')}
          />
          <TextField
            label={t('profile.field.realname')}
            required
            value={form.realname}
            onValue={(v) => set('realname', v)}
            error={err('realname')}
            hint={t('validation.realNameHint')}
            maxLength={20}
          />
          <TextField
            label={t('patients.col.alias')}
            value={form.alias}
            onValue={(v) => set('alias', v)}
            error={err('alias')}
            maxLength={40}
          />
          <SelectField
            label={t('patients.col.gender')}
            value={form.gender}
            onValue={(v) => set('gender', v as NewPatientForm['gender'])}
            options={options(gender.options, 'profile.gender')}
          />
          <TextField
            label={t('profile.field.birthday')}
            type="date"
            value={form.birthday}
            onValue={(v) => set('birthday', v)}
            error={err('birthday')}
            max={localTodayIso()}
          />
          <SelectField
            label={t('patients.col.diabetesType')}
            value={form.diabetesType}
            onValue={(v) => set('diabetesType', v as NewPatientForm['diabetesType'])}
            options={options(diabetesType.options, 'profile.diabetesType')}
          />
          <TextField
            label={t('profile.field.diabetes_diagnosis_date')}
            type="date"
            value={form.diagnosisDate}
            onValue={(v) => set('diagnosisDate', v)}
            error={err('diagnosisDate')}
            max={localTodayIso()}
          />
          <TextField
            label={t('patients.new.patientNo')}
            value={form.patientNo}
            onValue={(v) => set('patientNo', v)}
            error={err('patientNo')}
            maxLength={40}
          />
          <TextField
            label={t('patients.new.bedNo')}
            value={form.bedNo}
            onValue={(v) => set('bedNo', v)}
            error={err('bedNo')}
            maxLength={20}
          />
          <Checkbox
            label={t('patients.new.inpatient')}
            checked={form.inpatient}
            onChecked={(v) => set('inpatient', v)}
          />
        </fieldset>
        <Notice kind="info">{t('patients.new.firstSignIn')}</Notice>
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="form__actions">
          <button type="button" className="btn btn--secondary" onClick={() => void navigate(-1)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('patients.new.submit')}
          </button>
        </div>
      </form>
    </Page>
  );
}
