import { describe, expect, it } from 'vitest';
import {
  COMPLICATIONS,
  EARLIEST_EVENT_MS,
  editableProfileFields,
  eventValueInUnit,
  eventValueToStored,
  isPlausibleEventTime,
  normalizeDose,
  PATIENT_CLINIC_FIELDS,
  PATIENT_PERSONAL_FIELDS,
  USER_EVENT_TYPES,
} from './clinical';

describe('event values between units (spec §3 events, §5 insulin, §9 factor 18)', () => {
  it.each([
    ['BG', 5.5, 'mmol/L', 99],
    ['BG', 3.1, 'mmol/L', 55.8],
    ['BG', 7.3, 'mmol/L', 131.4],
    ['BG', 120, 'mg/dL', 120],
    ['INS', 1.024, 'mg/dL', 1],
    ['INS', 1.025, 'mmol/L', 1.05],
    ['CARB', 45.5, 'mmol/L', 45.5],
    ['HBA1C', 7.1, 'mmol/L', 7.1],
    ['EXR', 30, 'mmol/L', 30],
  ] as const)('%s %s typed in %s is stored as %s', (type, typed, unit, stored) => {
    expect(eventValueToStored(type, typed, unit)).toBe(stored);
  });

  it.each([
    ['BG', 99, 'mmol/L', 5.5],
    ['BG', 131.4, 'mmol/L', 7.3],
    ['BG', 131.4, 'mg/dL', 131],
    ['INS', 2.51, 'mmol/L', 2.5],
    ['CARB', 45, 'mmol/L', 45],
  ] as const)('%s stored %s shows in %s as %s', (type, stored, unit, shown) => {
    expect(eventValueInUnit(type, stored, unit)).toBe(shown);
  });

  it('round-trips one-decimal mmol/L values exactly', () => {
    for (let tenth = 22; tenth <= 333; tenth++) {
      const typed = tenth / 10;
      expect(eventValueInUnit('BG', eventValueToStored('BG', typed, 'mmol/L'), 'mmol/L')).toBe(typed);
    }
  });

  it('offers every spec type except the pump auto-mode announcements', () => {
    expect(USER_EVENT_TYPES).toEqual(['BG', 'CARB', 'INS', 'EXR', 'HBA1C', 'DOSE', 'URINEK', 'OTR']);
  });
});

describe('event time', () => {
  const now = Date.UTC(2026, 5, 1, 12);
  it.each([
    [now, true],
    [now + 10 * 60_000, true],
    [now + 10 * 60_000 + 1, false],
    [EARLIEST_EVENT_MS, true],
    [EARLIEST_EVENT_MS - 1, false],
    [now + 0.5, false],
  ])('%s → %s', (at, ok) => expect(isPlausibleEventTime(at, now)).toBe(ok));
});

describe('medical record tables', () => {
  it('lists the nine complications of spec §3', () => {
    expect(COMPLICATIONS).toHaveLength(9);
  });
  it('rounds insulin doses to 0.05 U and others to 0.001', () => {
    expect(normalizeDose(10.03, 'U')).toBe(10.05);
    expect(normalizeDose(500.0004, 'mg')).toBe(500);
  });
});

describe('who may change which profile field', () => {
  const all = [...PATIENT_PERSONAL_FIELDS, ...PATIENT_CLINIC_FIELDS];
  it.each([
    ['self', 'register', PATIENT_PERSONAL_FIELDS],
    ['self', 'hcp', PATIENT_PERSONAL_FIELDS],
    ['creator', 'hcp', all],
    ['creator', 'register', PATIENT_CLINIC_FIELDS],
    ['creator', 'cli', PATIENT_CLINIC_FIELDS],
    ['clinician', 'register', PATIENT_CLINIC_FIELDS],
    ['clinician', 'hcp', PATIENT_CLINIC_FIELDS],
    ['clinician', 'hcp_group', PATIENT_CLINIC_FIELDS],
    ['reader', 'hcp', []],
  ] as const)('%s on a patient created by %s', (editor, createdBy, fields) => {
    expect(editableProfileFields(editor, createdBy)).toEqual(fields);
  });
});
