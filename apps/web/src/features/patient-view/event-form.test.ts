import { describe, expect, it } from 'vitest';
import type { ClinicalEvent } from '@cgm/contract';
import {
  emptyEventForm,
  eventToForm,
  fieldsOf,
  formatEventValue,
  formToInput,
  fromLocalInput,
  toLocalInput,
  valueUnitKey,
} from './event-form';

const event = (over: Partial<ClinicalEvent>): ClinicalEvent => ({
  eid: 'e1',
  date: Date.UTC(2026, 10, 21, 9, 30),
  utc_offset_min: 0,
  type: 'BG',
  value: 131.4,
  text: null,
  exerciseIntensity: null,
  details: null,
  notes: null,
  source: 'user',
  editable: true,
  created_by: null,
  created_by_name: null,
  updated_at: null,
  ...over,
});

describe('event form fields per type', () => {
  it.each([
    ['BG', { value: true, text: null, intensity: false }],
    ['EXR', { value: true, text: null, intensity: true }],
    ['URINEK', { value: false, text: 'ketone', intensity: false }],
    ['DOSE', { value: false, text: 'free', intensity: false }],
    ['OTR', { value: false, text: null, intensity: false }],
  ])('%s', (type, fields) => expect(fieldsOf(type)).toEqual(fields));

  it('labels glucose in the user unit', () => {
    expect(valueUnitKey('BG', 'mmol/L')).toBe('events.unit.mmol');
    expect(valueUnitKey('BG', 'mg/dL')).toBe('events.unit.mgdl');
    expect(valueUnitKey('OTR', 'mg/dL')).toBeNull();
  });
});

describe('local date and time', () => {
  it('round-trips a minute', () => {
    const ms = new Date(2026, 10, 21, 9, 30).getTime();
    expect(fromLocalInput(toLocalInput(ms))).toBe(ms);
  });
  it.each(['2026-02-30T10:00', '2026-11-21', ''])('refuses %j', (s) => expect(fromLocalInput(s)).toBeNull());

  it('shows and reads an edited event at the offset it was recorded with, whatever the browser zone', () => {
    const ms = Date.UTC(2026, 10, 23, 3, 7); // 11:07 at UTC+8
    expect(toLocalInput(ms, 480)).toBe('2026-11-23T11:07');
    expect(fromLocalInput('2026-11-23T11:07', 480)).toBe(ms);
    expect(toLocalInput(Date.UTC(2026, 0, 1, 2, 0), -330)).toBe('2025-12-31T20:30');
    expect(fromLocalInput('2026-02-30T10:00', 480)).toBeNull();
    const form = eventToForm(event({ date: ms, utc_offset_min: 480 }), 'mg/dL');
    expect(form).toMatchObject({ date: '2026-11-23T11:07', offsetMin: 480 });
    const res = formToInput({ ...form, date: '2026-11-23T12:00' }, 'mg/dL');
    expect(res.ok && res.input).toMatchObject({ date: Date.UTC(2026, 10, 23, 4, 0), utc_offset_min: 480 });
  });
});

describe('conversion between the form and the API (glucose in the user unit)', () => {
  it('shows a stored mg/dL value in mmol/L and sends it back with its unit', () => {
    const form = eventToForm(event({}), 'mmol/L');
    expect(form.value).toBe('7.3');
    const res = formToInput(form, 'mmol/L');
    expect(res.ok && res.input).toMatchObject({ type: 'BG', value: 7.3, unit: 'mmol/L', text: null });
  });

  it('shows mg/dL whole and reads a decimal comma', () => {
    expect(eventToForm(event({}), 'mg/dL').value).toBe('131');
    const res = formToInput({ ...emptyEventForm('BG', Date.now()), value: '6,5' }, 'mmol/L');
    expect(res.ok && res.input.value).toBe(6.5);
  });

  it('keeps EXR intensity and URINEK text, and drops fields the type has not', () => {
    const exr = formToInput(
      { ...emptyEventForm('EXR', Date.now()), value: '30', intensity: '2', text: 'x' },
      'mg/dL',
    );
    expect(exr.ok && exr.input).toMatchObject({ value: 30, exerciseIntensity: 2, text: null });
    const ket = formToInput({ ...emptyEventForm('URINEK', Date.now()), text: '++', value: '3' }, 'mg/dL');
    expect(ket.ok && ket.input).toMatchObject({ value: null, text: '++', exerciseIntensity: null });
  });

  it('reports missing values, a missing intensity and notes over 1000 characters', () => {
    const res = formToInput({ ...emptyEventForm('EXR', Date.now()), notes: 'n'.repeat(1001) }, 'mg/dL');
    expect(res.ok).toBe(false);
    expect(!res.ok && res.errors).toEqual({
      value: 'events.problem.valueRequired',
      intensity: 'events.problem.intensityInvalid',
      notes: 'validation.notesTooLong',
    });
    const emoji = formToInput({ ...emptyEventForm('OTR', Date.now()), notes: '😀'.repeat(1000) }, 'mg/dL');
    expect(emoji.ok).toBe(true);
  });

  it('formats values with the unit decimals', () => {
    expect(formatEventValue(event({}), 'mmol/L', 'en')).toBe('7.3');
    expect(formatEventValue(event({}), 'mg/dL', 'en')).toBe('131');
    expect(formatEventValue(event({ type: 'INS', value: 4.25 }), 'mmol/L', 'en')).toBe('4.25');
    expect(formatEventValue(event({ type: 'OTR', value: null }), 'mmol/L', 'en')).toBeNull();
  });
});
