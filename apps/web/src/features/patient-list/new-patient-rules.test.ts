import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  hasErrors,
  toRequest,
  validateNewPatient,
  type NewPatientForm,
} from './new-patient-rules';

const TODAY = '2026-11-21';
const good: NewPatientForm = {
  ...EMPTY_FORM,
  email: ' New@Example.com ',
  password: 'Start#2026x',
  repeat: 'Start#2026x',
  realname: 'Ann Smith',
  birthday: '1990-04-02',
  diagnosisDate: '2001-05-06',
};

describe('new patient form', () => {
  it('accepts a complete form and builds the request', () => {
    expect(hasErrors(validateNewPatient(good, TODAY))).toBe(false);
    expect(toRequest(good)).toMatchObject({
      email: 'new@example.com',
      realname: 'Ann Smith',
      alias: undefined,
      diabetes_type: 'unspecified',
      inpatient: false,
    });
    expect(toRequest({ ...good, method: 'mobile', mobile: ' +44 7700 900123 ' })).toMatchObject({
      mobile: '+44 7700 900123',
    });
  });

  it('applies the spec §5 rules with the domain: contact, password, repeat, real name, dates', () => {
    const errors = validateNewPatient(
      {
        ...good,
        email: 'x@',
        password: 'abc',
        repeat: 'abd',
        realname: 'Al',
        birthday: '2999-01-01',
        diagnosisDate: '2026-02-30',
      },
      TODAY,
    );
    expect(errors.contact).toEqual(['validation.email']);
    expect(errors.password).toEqual(expect.arrayContaining(['password.tooShort', 'password.sequence']));
    expect(errors.repeat).toEqual(['messages.passwordsDiffer']);
    expect(errors.realname).toEqual(['validation.realName']);
    expect(errors.birthday).toEqual(['validation.date']);
    expect(errors.diagnosisDate).toEqual(['validation.date']);
  });

  it('refuses a diagnosis before birth and a password equal to the user name', () => {
    const e = validateNewPatient({ ...good, diagnosisDate: '1980-01-01' }, TODAY);
    expect(e.diagnosisDate).toEqual(['patients.new.diagnosisBeforeBirth']);
    const same = validateNewPatient(
      { ...good, method: 'mobile', mobile: 'Ab#12x79', password: 'Ab#12x79', repeat: 'Ab#12x79' },
      TODAY,
    );
    expect(same.password).toContain('password.sameAsUsername');
  });
});
