import { describe, expect, it } from 'vitest';
import type { MonitorSettings } from '@cgm/contract';
import {
  clampedLows,
  convertDraft,
  draftOf,
  fieldErrors,
  LIMIT_ROWS,
  lowClampRange,
  parseTyped,
  updateOf,
} from './settings-form';

const settings: MonitorSettings = {
  blos_low: 70, bb_low: 70, ab_low: 70, bl_low: 70, al_low: 70, bs_low: 70, as_low: 70, night_low: 70,
  blos_high: 180, bb_high: 180, ab_high: 180, bl_high: 180, al_high: 180, bs_high: 180, as_high: 180,
  night_high: 180, hypo: 56, target_low: 70, target_high: 180, unit: 'mmol/L', alarm_display: 'On',
  glucose_display: 'Off', saved: false, updated_at: null,
}; // prettier-ignore

describe('settings form', () => {
  it('shows the stored mg/dL values in the unit, mmol/L with one decimal', () => {
    const d = draftOf(settings);
    expect(d.unit).toBe('mmol/L');
    expect(d.values.target_low).toBe('3.9');
    expect(d.values.hypo).toBe('3.1');
    expect(d.values.blos_high).toBe('10.0');
    expect(d).toMatchObject({ alarmDisplay: true, glucoseDisplay: false });
    expect(draftOf(settings, 'mg/dL').values.hypo).toBe('56');
  });

  it('has the eight limit rows, all day first', () => {
    expect(LIMIT_ROWS.map((r) => r.id)).toEqual(['blos', 'bb', 'ab', 'bl', 'al', 'bs', 'as', 'night']);
    expect(LIMIT_ROWS[7]).toEqual({ id: 'night', low: 'night_low', high: 'night_high' });
  });

  it('converts the typed values when the unit changes', () => {
    const d = draftOf(settings, 'mg/dL');
    d.values.target_high = '162';
    d.values.hypo = 'x';
    const m = convertDraft(d, 'mmol/L');
    expect(m.values.target_high).toBe('9.0');
    expect(m.values.hypo).toBe('x');
    expect(convertDraft(m, 'mg/dL').values.target_high).toBe('162');
  });

  it('reads decimal commas and refuses what is not a number', () => {
    expect(parseTyped(' 5,5 ')).toBe(5.5);
    expect(parseTyped('5.')).toBeNaN();
    expect(parseTyped('-3')).toBeNaN();
    expect(parseTyped('')).toBeNaN();
  });

  it('builds the save request in the chosen unit', () => {
    const r = updateOf(draftOf(settings));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.update).toMatchObject({
      unit: 'mmol/L',
      target_low: 3.9,
      alarm_display: 'On',
      glucose_display: 'Off',
    });
  });

  it('names the fields that are not numbers', () => {
    const d = draftOf(settings);
    d.values.bb_low = '';
    d.values.night_high = '0';
    const r = updateOf(d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['bb_low', 'night_high']);
  });

  it('says which lows the save clamps to 60–100 mg/dL, and to what', () => {
    const d = draftOf(settings, 'mg/dL');
    d.values.bb_low = '50';
    d.values.ab_low = '120';
    d.values.bl_low = '60';
    expect(clampedLows(d)).toEqual({ bb_low: '60', ab_low: '100' });
    const m = convertDraft(d, 'mmol/L');
    expect(clampedLows(m)).toMatchObject({ bb_low: '3.3' });
    expect(lowClampRange('mmol/L')).toEqual({ min: '3.3', max: '5.6' });
    expect(lowClampRange('mg/dL')).toEqual({ min: '60', max: '100' });
  });

  it('picks the server’s field problems', () => {
    expect(
      fieldErrors([
        { path: 'hypo', message: 'validation.hypoBelowTarget' },
        { path: 'other', message: 'x' },
      ]),
    ).toEqual({ hypo: 'validation.hypoBelowTarget' });
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('decimal sign of the language', () => {
  it('writes the values, the conversions and the clamp texts with a decimal comma', () => {
    const d = draftOf(settings, 'mmol/L', ',');
    expect(d.values.target_low).toBe('3,9');
    expect(d.values.blos_high).toBe('10,0');
    d.values.bb_low = '3,0';
    expect(clampedLows(d)).toEqual({ bb_low: '3,3' });
    expect(lowClampRange('mmol/L', ',')).toEqual({ min: '3,3', max: '5,6' });
    const back = convertDraft(convertDraft(d, 'mg/dL'), 'mmol/L');
    expect(back.values.target_high).toBe('10,0');
  });

  it('saves what was written with a comma as the number it is', () => {
    const r = updateOf(draftOf(settings, 'mmol/L', ','));
    expect(r.ok && r.update.target_low).toBe(3.9);
  });
});

describe('clamp note', () => {
  it('stays quiet when the clamped value shows the same', () => {
    const d = draftOf(settings);
    d.values.bb_low = '3.3';
    expect(clampedLows(d)).toEqual({});
  });
});
