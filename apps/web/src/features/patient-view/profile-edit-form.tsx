import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  diabetesType,
  gender,
  type PatientProfile,
  type PatientProfileFieldName,
  type PatientProfileUpdate,
} from '@cgm/contract';
import {
  isValidHeightOrWeight,
  isValidPostcode,
  isValidRealName,
  PATIENT_PERSONAL_FIELDS,
} from '@cgm/domain';
import { Checkbox, SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { localTodayIso } from '../../lib/dates';
import { patientKeys } from '../../api/patient-settings';
import { savePatientProfile } from './patient-view-api';

type Field = PatientProfileFieldName;
type Form = Record<Exclude<Field, 'inpatient'>, string> & { inpatient: boolean };

const TEXT_FIELDS: ReadonlyArray<Exclude<Field, 'inpatient'>> = [
  'realname',
  'alias',
  'gender',
  'birthday',
  'diabetes_type',
  'diabetes_diagnosis_date',
  'height',
  'weight',
  'address',
  'zipcode',
  'telephone',
  'patient_no',
  'bed_no',
];

function toForm(p: PatientProfile): Form {
  const s = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, s(p[f])])) as Record<
      (typeof TEXT_FIELDS)[number],
      string
    >),
    inpatient: p.inpatient,
  };
}

/** Whether the caller may change any personal detail (else the form holds the clinic's fields only). */
export const editsPersonalDetails = (editable: readonly Field[]): boolean =>
  PATIENT_PERSONAL_FIELDS.some((f) => editable.includes(f));

/**
 * Spec §5 checks the form can make at once (the server repeats them). Only a changed name or
 * postcode is checked: a value stored before (by another path or an older rule) must not keep the
 * clinician from saving the other fields.
 */
function validate(
  form: Form,
  before: Form,
  editable: ReadonlySet<Field>,
  country: string,
): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  const changed = (key: Field) => editable.has(key) && form[key] !== before[key];
  if (changed('realname') && !isValidRealName(form.realname.trim())) e.realname = 'validation.realName';
  if (changed('zipcode') && form.zipcode.trim() && !isValidPostcode(form.zipcode.trim(), country))
    e.zipcode = 'validation.postcode';
  for (const key of ['height', 'weight'] as const) {
    const v = form[key].trim().replace(',', '.');
    if (editable.has(key) && v && !isValidHeightOrWeight(v)) e[key] = `validation.${key}`;
  }
  return e;
}

/** Only the editable fields that changed, in the API's types. */
function toUpdate(form: Form, before: Form, editable: ReadonlySet<Field>): PatientProfileUpdate {
  const out: Record<string, unknown> = {};
  for (const key of editable) {
    if (form[key] === before[key]) continue;
    const v = form[key];
    if (typeof v === 'boolean') out[key] = v;
    else if (key === 'height' || key === 'weight') out[key] = v.trim() ? Number(v.replace(',', '.')) : null;
    else if (key === 'birthday' || key === 'diabetes_diagnosis_date') out[key] = v || null;
    else out[key] = v.trim();
  }
  return out as PatientProfileUpdate;
}

/** The editable part of a patient's profile; the fields the caller may not change are not shown. */
export function ProfileEditForm({ profile, uid }: { profile: PatientProfile; uid: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editable = new Set<Field>(profile.editable);
  const [before, setBefore] = useState<Form>(() => toForm(profile));
  const [form, setForm] = useState<Form>(before);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const today = localTodayIso();
  const set = (key: Exclude<Field, 'inpatient'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: Exclude<Field, 'inpatient'>, label: string, extra: Record<string, unknown> = {}) =>
    editable.has(key) && (
      <TextField
        label={label}
        value={form[key]}
        onValue={set(key)}
        error={errors[key] ? t(errors[key]) : null}
        {...extra}
      />
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found = validate(form, before, editable, profile.country);
    setErrors(found);
    if (Object.keys(found).length > 0) return setNotice({ kind: 'error', text: t('messages.inputError') });
    setBusy(true);
    const res = await savePatientProfile(uid, toUpdate(form, before, editable));
    setBusy(false);
    if (!res.ok) {
      const details = (res.body.details as Array<{ path: string; message: string }> | undefined) ?? [];
      setErrors(Object.fromEntries(details.map((d) => [d.path, d.message])));
      return setNotice({
        kind: 'error',
        text: t(res.status === 403 ? 'patientView.profile.notEditable' : 'messages.modifyFailed'),
      });
    }
    const saved = toForm(res.data.profile);
    setBefore(saved);
    setForm(saved);
    setNotice({ kind: 'success', text: t('success.saved') });
    void queryClient.invalidateQueries({ queryKey: patientKeys.all(uid) });
  };

  if (editable.size === 0) return null;
  const select = (key: 'gender' | 'diabetes_type', options: readonly string[], prefix: string) =>
    editable.has(key) && (
      <SelectField
        label={t(`profile.field.${key}`)}
        value={form[key]}
        onValue={set(key)}
        options={options.map((o) => ({ value: o, label: t(`${prefix}.${o}`) }))}
      />
    );

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {/* Without a personal field to change, an empty "Personal details" heading stood here. */}
      {editsPersonalDetails(profile.editable) && (
        <fieldset className="grid">
          <legend className="section__title">{t('profile.personal')}</legend>
          {text('realname', t('profile.field.realname'), {
            required: true,
            hint: t('validation.realNameHint'),
          })}
          {text('alias', t('profile.field.alias'), { maxLength: 40 })}
          {select('gender', gender.options, 'profile.gender')}
          {text('birthday', t('profile.field.birthday'), { type: 'date', max: today })}
          {select('diabetes_type', diabetesType.options, 'profile.diabetesType')}
          {text('diabetes_diagnosis_date', t('profile.field.diabetes_diagnosis_date'), {
            type: 'date',
            max: today,
          })}
          {text('height', t('profile.field.height'), {
            inputMode: 'decimal',
            addon: <span className="unit">{t('units.cm')}</span>,
          })}
          {text('weight', t('profile.field.weight'), {
            inputMode: 'decimal',
            addon: <span className="unit">{t('units.kg')}</span>,
          })}
          {text('address', t('profile.field.address'), { maxLength: 200 })}
          {text('zipcode', t('profile.field.zipcode'), { maxLength: 10 })}
          {text('telephone', t('profile.field.telephone'), { type: 'tel', maxLength: 30 })}
        </fieldset>
      )}
      {editable.has('inpatient') && (
        <fieldset className="grid">
          <legend className="section__title">{t('patientView.profile.clinic')}</legend>
          <Checkbox
            label={t('patientView.field.inpatient')}
            checked={form.inpatient}
            onChecked={(v) => setForm((f) => ({ ...f, inpatient: v }))}
          />
          {text('patient_no', t('patientView.field.patientNo'), { maxLength: 32 })}
          {text('bed_no', t('patientView.field.bedNo'), { maxLength: 16 })}
        </fieldset>
      )}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
