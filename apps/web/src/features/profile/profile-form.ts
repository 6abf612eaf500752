import type { Profile, ProfileUpdate, UserType } from '@cgm/contract';
import {
  isValidHeightOrWeight,
  isValidMobile,
  isValidNotes,
  isValidPostcode,
  isValidRealName,
} from '@cgm/domain';
import { isIsoDate } from '../../lib/dates';

// The profile form (spec §3 "Profile"): text fields as typed, converted to the contract's update.
// Patients see their diabetes and body fields, HCPs their organisation, profession and bio.

export interface ProfileForm {
  realname: string;
  alias: string;
  gender: Profile['gender'];
  mobile: string;
  telephone: string;
  address: string;
  zipcode: string;
  country: string;
  birthday: string;
  diabetes_type: Profile['diabetes_type'];
  diabetes_diagnosis_date: string;
  height: string;
  weight: string;
  organisation: string;
  major: Profile['major'];
  serve_for: string;
  bio: string;
}

export type ProfileField = keyof ProfileForm;

export type ProfileVariant = 'patient' | 'hcp' | 'other';

export function variantOf(userType: UserType): ProfileVariant {
  if (userType === 'P') return 'patient';
  if (userType === 'D') return 'hcp';
  return 'other';
}

/** The fields each kind of user edits, beyond the common ones. */
export const VARIANT_FIELDS: Record<ProfileVariant, readonly ProfileField[]> = {
  patient: ['birthday', 'diabetes_type', 'diabetes_diagnosis_date', 'height', 'weight'],
  hcp: ['organisation', 'major', 'serve_for', 'bio'],
  other: ['birthday'],
};

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function toForm(p: Profile): ProfileForm {
  return {
    realname: p.realname,
    alias: text(p.alias),
    gender: p.gender,
    mobile: text(p.mobile),
    telephone: text(p.telephone),
    address: text(p.address),
    zipcode: text(p.zipcode),
    country: p.country,
    birthday: text(p.birthday).slice(0, 10),
    diabetes_type: p.diabetes_type,
    diabetes_diagnosis_date: text(p.diabetes_diagnosis_date).slice(0, 10),
    height: num(p.height),
    weight: num(p.weight),
    organisation: text(p.organisation),
    major: p.major,
    serve_for: text(p.serve_for),
    bio: text(p.bio),
  };
}

/**
 * Spec §5 checks. `stored` is the profile as loaded: a name kept as it is stored is not checked
 * again, so a name stored before the rule never blocks saving the other fields (the server agrees).
 */
export function validateProfile(
  f: ProfileForm,
  variant: ProfileVariant,
  todayIso: string,
  stored?: Pick<ProfileForm, 'realname'>,
) {
  const errors: Partial<Record<ProfileField, string>> = {};
  const fields = new Set(VARIANT_FIELDS[variant]);
  if (!f.realname.trim()) errors.realname = 'messages.nameRequired';
  else if (f.realname !== stored?.realname && !isValidRealName(f.realname.trim()))
    errors.realname = 'validation.realName';
  if (f.alias.trim().length > 40) errors.alias = 'validation.tooLong';
  if (f.mobile.trim() && !isValidMobile(f.mobile.trim())) errors.mobile = 'validation.mobile';
  if (f.telephone.trim() && !isValidMobile(f.telephone.trim())) errors.telephone = 'validation.telephone';
  if (f.zipcode.trim() && !isValidPostcode(f.zipcode.trim(), f.country))
    errors.zipcode = 'validation.postcode';
  if (f.address.trim().length > 200) errors.address = 'validation.tooLong';
  for (const key of ['birthday', 'diabetes_diagnosis_date'] as const) {
    if (fields.has(key) && f[key] && (!isIsoDate(f[key]) || f[key] > todayIso))
      errors[key] = 'validation.date';
  }
  if (
    fields.has('diabetes_diagnosis_date') &&
    !errors.diabetes_diagnosis_date &&
    f.birthday &&
    f.diabetes_diagnosis_date
  ) {
    if (f.diabetes_diagnosis_date < f.birthday) errors.diabetes_diagnosis_date = 'messages.endBeforeStart';
  }
  for (const [key, min, max] of [
    ['height', 10, 300],
    ['weight', 10, 500],
  ] as const) {
    if (!fields.has(key) || !f[key].trim()) continue;
    const v = f[key].trim().replace(',', '.');
    if (!isValidHeightOrWeight(v) || Number(v) < min || Number(v) > max) errors[key] = `validation.${key}`;
  }
  if (fields.has('organisation') && !f.organisation.trim())
    errors.organisation = 'validation.organisationRequired';
  if (fields.has('bio') && !isValidNotes(f.bio)) errors.bio = 'validation.notesTooLong';
  if (fields.has('serve_for') && f.serve_for.trim().length > 200) errors.serve_for = 'validation.tooLong';
  return errors;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));

/** The update the server takes: common fields plus the variant's own. */
export function toUpdate(f: ProfileForm, variant: ProfileVariant): ProfileUpdate {
  const update: ProfileUpdate = {
    realname: f.realname.trim(),
    alias: orNull(f.alias),
    gender: f.gender,
    mobile: orNull(f.mobile),
    telephone: orNull(f.telephone),
    address: orNull(f.address),
    zipcode: orNull(f.zipcode),
    country: f.country,
  };
  const fields = new Set(VARIANT_FIELDS[variant]);
  if (fields.has('birthday')) update.birthday = orNull(f.birthday);
  if (fields.has('diabetes_type')) update.diabetes_type = f.diabetes_type;
  if (fields.has('diabetes_diagnosis_date'))
    update.diabetes_diagnosis_date = orNull(f.diabetes_diagnosis_date);
  if (fields.has('height')) update.height = numOrNull(f.height);
  if (fields.has('weight')) update.weight = numOrNull(f.weight);
  if (fields.has('organisation')) update.organisation = orNull(f.organisation);
  if (fields.has('major')) update.major = f.major;
  if (fields.has('serve_for')) update.serve_for = orNull(f.serve_for);
  if (fields.has('bio')) update.bio = orNull(f.bio);
  return update;
}

/** Portrait upload limit (contract: at most 512 KiB decoded). */
export const PORTRAIT_MAX_BYTES = 512 * 1024;

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

export function isAcceptedPortrait(dataUrl: string): boolean {
  return (
    /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(dataUrl) &&
    dataUrlBytes(dataUrl) <= PORTRAIT_MAX_BYTES
  );
}
