import type { PatientNewRequest } from '@cgm/contract';
import { checkPassword, ErrorCode, isValidEmail, isValidMobile, isValidRealName } from '@cgm/domain';
import { isIsoDate } from '../../lib/dates';

// The checks of /newPatient (spec §5), with the same domain rules the server applies
// (apps/server/src/features/patients/new-patient.ts). Each returns i18n keys per field.

export interface NewPatientForm {
  method: 'email' | 'mobile';
  email: string;
  mobile: string;
  password: string;
  repeat: string;
  realname: string;
  alias: string;
  gender: 'unspecified' | 'female' | 'male';
  birthday: string;
  diabetesType: NonNullable<PatientNewRequest['diabetes_type']>;
  diagnosisDate: string;
  inpatient: boolean;
  patientNo: string;
  bedNo: string;
}

export type NewPatientField =
  | 'contact'
  | 'password'
  | 'repeat'
  | 'realname'
  | 'alias'
  | 'birthday'
  | 'diagnosisDate'
  | 'patientNo'
  | 'bedNo';
export type FieldErrors = Partial<Record<NewPatientField, string[]>>;

export const EMPTY_FORM: NewPatientForm = {
  method: 'email',
  email: '',
  mobile: '',
  password: '',
  repeat: '',
  realname: '',
  alias: '',
  gender: 'unspecified',
  birthday: '',
  diabetesType: 'unspecified',
  diagnosisDate: '',
  inpatient: false,
  patientNo: '',
  bedNo: '',
};

const usernameOf = (f: NewPatientForm) =>
  f.method === 'email' ? f.email.trim().toLowerCase() : f.mobile.trim();

function put(errors: FieldErrors, field: NewPatientField, key: string | null): void {
  if (key) (errors[field] ??= []).push(key);
}

function pastDay(value: string, today: string): string | null {
  if (!value) return null;
  return isIsoDate(value) && value <= today ? null : 'validation.date';
}

export function validateNewPatient(f: NewPatientForm, today: string): FieldErrors {
  const errors: FieldErrors = {};
  const contact = usernameOf(f);
  if (!contact) put(errors, 'contact', 'messages.fillRequired');
  else if (f.method === 'email') put(errors, 'contact', isValidEmail(contact) ? null : 'validation.email');
  else put(errors, 'contact', isValidMobile(contact) ? null : 'validation.mobile');
  for (const p of checkPassword(f.password, contact, 'register').problems) put(errors, 'password', p);
  if (!f.repeat) put(errors, 'repeat', 'messages.enterNewPasswordAgain');
  else if (f.repeat !== f.password) put(errors, 'repeat', 'messages.passwordsDiffer');
  if (!f.realname.trim()) put(errors, 'realname', 'messages.nameRequired');
  else if (!isValidRealName(f.realname.trim())) put(errors, 'realname', 'validation.realName');
  if (f.alias.trim().length > 40) put(errors, 'alias', 'validation.tooLong');
  put(errors, 'birthday', pastDay(f.birthday, today));
  put(errors, 'diagnosisDate', pastDay(f.diagnosisDate, today));
  if (
    !errors.birthday &&
    !errors.diagnosisDate &&
    f.birthday &&
    f.diagnosisDate &&
    f.diagnosisDate < f.birthday
  ) {
    put(errors, 'diagnosisDate', 'patients.new.diagnosisBeforeBirth');
  }
  if (f.patientNo.trim().length > 40) put(errors, 'patientNo', 'validation.tooLong');
  if (f.bedNo.trim().length > 20) put(errors, 'bedNo', 'validation.tooLong');
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean =>
  Object.values(errors).some((list) => list !== undefined && list.length > 0);

/** The request body of a valid form; empty optional fields are left out. */
export function toRequest(f: NewPatientForm): PatientNewRequest {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    ...(f.method === 'email' ? { email: usernameOf(f) } : { mobile: usernameOf(f) }),
    password: f.password,
    realname: f.realname.trim(),
    alias: opt(f.alias),
    gender: f.gender,
    birthday: opt(f.birthday),
    diabetes_type: f.diabetesType,
    diabetes_diagnosis_date: opt(f.diagnosisDate),
    inpatient: f.inpatient,
    patient_no: opt(f.patientNo),
    bed_no: opt(f.bedNo),
  };
}

/** A failed creation: 26 names the taken user name (as registration does), else the catalogue's text. */
export function createFailureKey(code: number, fallback: string): string {
  return code === ErrorCode.REGISTER_FAILED_SPECIFIC ? 'errors.registerFailedSpecific' : fallback;
}
