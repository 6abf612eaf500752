import { describe, expect, it } from 'vitest';
import type { Profile } from '@cgm/contract';
import {
  dataUrlBytes,
  isAcceptedPortrait,
  toForm,
  toUpdate,
  validateProfile,
  variantOf,
} from './profile-form';

const profile: Profile = {
  uid: 'u1',
  username: 'ann@example.com',
  user_type: 'P',
  realname: 'Ann Smith',
  alias: null,
  gender: 'female',
  height: 168,
  weight: 61.5,
  diabetes_type: 'type1',
  address: null,
  zipcode: null,
  mobile: null,
  telephone: null,
  email: 'ann@example.com',
  serve_for: null,
  major: 'unspecified',
  organisation: null,
  bio: null,
  birthday: '1990-05-01',
  diabetes_diagnosis_date: '2001-09-10',
  country: 'DE',
  language: 'de',
  created_by: 'register',
  has_portrait: false,
  mfa: false,
  show_glucose: true,
  created_at: '2026-01-01T00:00:00Z',
  date: '2026-01-01',
};
const today = '2026-11-21';

describe('profile form', () => {
  it('round-trips a patient profile', () => {
    const form = toForm(profile);
    expect(form.height).toBe('168');
    expect(validateProfile(form, 'patient', today)).toEqual({});
    expect(toUpdate(form, 'patient')).toEqual({
      realname: 'Ann Smith',
      alias: null,
      gender: 'female',
      mobile: null,
      telephone: null,
      address: null,
      zipcode: null,
      country: 'DE',
      birthday: '1990-05-01',
      diabetes_type: 'type1',
      diabetes_diagnosis_date: '2001-09-10',
      height: 168,
      weight: 61.5,
    });
  });

  it('sends the HCP fields to an HCP and not the patient ones', () => {
    const form = {
      ...toForm(profile),
      organisation: 'City Hospital',
      major: 'nurse' as const,
      bio: 'Diabetes clinic',
    };
    const update = toUpdate(form, 'hcp');
    expect(update).toMatchObject({
      organisation: 'City Hospital',
      major: 'nurse',
      bio: 'Diabetes clinic',
      serve_for: null,
    });
    expect(update).not.toHaveProperty('height');
    expect(update).not.toHaveProperty('diabetes_type');
  });

  it.each([
    [{ realname: '' }, 'patient', 'realname', 'messages.nameRequired'],
    [{ realname: 'A$' }, 'patient', 'realname', 'validation.realName'],
    [{ zipcode: '123456' }, 'patient', 'zipcode', 'validation.postcode'], // China's format, not Germany's
    [{ zipcode: 'SW1A 1AA', country: 'DE' }, 'patient', 'zipcode', 'validation.postcode'],
    [{ mobile: 'abc' }, 'patient', 'mobile', 'validation.mobile'],
    [{ height: '5' }, 'patient', 'height', 'validation.height'],
    [{ height: '400' }, 'patient', 'height', 'validation.height'],
    [{ weight: '7' }, 'patient', 'weight', 'validation.weight'],
    [{ birthday: '2030-01-01' }, 'patient', 'birthday', 'validation.date'],
    [
      { diabetes_diagnosis_date: '1980-01-01' },
      'patient',
      'diabetes_diagnosis_date',
      'messages.endBeforeStart',
    ],
    [{ organisation: '' }, 'hcp', 'organisation', 'validation.organisationRequired'],
    [{ organisation: 'X', bio: 'x'.repeat(1001) }, 'hcp', 'bio', 'validation.notesTooLong'],
  ] as const)('%o as %s → %s %s', (change, variant, field, key) => {
    const errors = validateProfile({ ...toForm(profile), ...change }, variant, today) as Record<
      string,
      string
    >;
    expect(errors[field]).toBe(key);
  });

  it('does not check a name kept as it is stored, so it never blocks saving the other fields', () => {
    const stored = { ...toForm(profile), realname: 'J. R. Example' };
    expect(validateProfile({ ...stored, alias: 'JR' }, 'patient', today, stored)).toEqual({});
    expect(validateProfile({ ...stored, realname: 'J. S. Example' }, 'patient', today, stored)).toEqual({
      realname: 'validation.realName',
    });
  });

  it('ignores fields the variant does not show', () => {
    expect(validateProfile({ ...toForm(profile), height: '1', organisation: '' }, 'other', today)).toEqual(
      {},
    );
  });

  it('accepts a decimal comma', () => {
    const form = { ...toForm(profile), weight: '61,5' };
    expect(validateProfile(form, 'patient', today)).toEqual({});
    expect(toUpdate(form, 'patient').weight).toBe(61.5);
  });

  it('maps user types to variants', () => {
    expect([variantOf('P'), variantOf('D'), variantOf('M'), variantOf('A')]).toEqual([
      'patient',
      'hcp',
      'other',
      'other',
    ]);
  });
});

describe('portrait', () => {
  it('measures and accepts data URLs', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(isAcceptedPortrait('data:image/png;base64,AAAA')).toBe(true);
    expect(isAcceptedPortrait('data:image/gif;base64,AAAA')).toBe(false);
    expect(isAcceptedPortrait(`data:image/jpeg;base64,${'A'.repeat(800_000)}`)).toBe(false);
  });
});
