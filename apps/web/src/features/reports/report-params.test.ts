import { describe, expect, it } from 'vitest';
import { REPORTS } from './report-catalog';
import {
  chartParams,
  checkThresholds,
  clipToLast,
  durationsFor,
  effectiveRange,
  readParams,
  reportQuery,
  thresholdFromInput,
  thresholdToInput,
  writeParams,
} from './report-params';

const params = (q: string) => readParams(new URLSearchParams(q));

describe('report range rules (spec §5 dates, §8 messages)', () => {
  it('defaults to the 14 days ending on the patient today', () => {
    expect(effectiveRange(params(''), 90, '2025-03-20')).toEqual({
      from: '2025-03-07',
      to: '2025-03-20',
      days: 14,
      problem: null,
    });
  });
  it('accepts 14 days in a 14-day view and refuses 15 with its message', () => {
    expect(effectiveRange(params('from=2025-03-01&to=2025-03-14'), 14, '2025-03-20').problem).toBeNull();
    expect(effectiveRange(params('from=2025-03-01&to=2025-03-15'), 14, '2025-03-20').problem).toBe(
      'messages.moreThan14Days',
    );
  });
  it('refuses 91 days in a 90-day view, and an end before the start', () => {
    expect(effectiveRange(params('from=2025-01-01&to=2025-04-01'), 90, '2025-04-02').problem).toBe(
      'messages.moreThan90Days',
    );
    expect(effectiveRange(params('from=2025-01-01&to=2025-03-31'), 90, '2025-04-02').problem).toBeNull();
    expect(effectiveRange(params('from=2025-03-10&to=2025-03-09'), 90, '2025-04-02').problem).toBe(
      'messages.endBeforeStart',
    );
  });
  it('ignores dates that are not dates', () => {
    expect(params('from=2025-02-30&to=x').from).toBeNull();
  });
  it('offers the last days of a range that is too long', () => {
    expect(clipToLast({ from: '2025-01-01', to: '2025-03-31' }, 14)).toEqual({
      from: '2025-03-18',
      to: '2025-03-31',
    });
    expect(clipToLast({ from: '2025-03-20', to: '2025-03-31' }, 14)).toEqual({
      from: '2025-03-20',
      to: '2025-03-31',
    });
  });
  it('offers the durations of spec §9 within the limit', () => {
    expect(durationsFor(14)).toEqual([7, 14]);
    expect(durationsFor(90)).toEqual([7, 14, 30, 90]);
  });
});

describe('report choices in the address', () => {
  it('round-trips range, valid days and thresholds, keeping other parameters', () => {
    const sp = writeParams(new URLSearchParams('uid=u1'), {
      from: '2025-01-01',
      to: '2025-01-14',
      validOnly: true,
      thresholds: { target_low: 72, target_high: 180.04 },
    });
    expect(sp.get('uid')).toBe('u1');
    const p = readParams(sp);
    expect(p).toEqual({
      from: '2025-01-01',
      to: '2025-01-14',
      validOnly: true,
      thresholds: { target_low: 72, target_high: 180 },
    });
    expect(reportQuery({ from: p.from!, to: p.to! }, p)).toEqual({
      from: '2025-01-01',
      to: '2025-01-14',
      valid_days_only: 'true',
      target_low: '72',
      target_high: '180',
    });
  });
  it('asks for valid days only where it changes the report, never for the daily report', () => {
    const p = params('valid=1');
    expect(chartParams('dd', p).validOnly).toBe(false);
    expect(reportQuery({ from: '2025-01-01', to: '2025-01-02' }, chartParams('dd', p)).valid_days_only).toBe(
      'false',
    );
    for (const kind of ['ds', 'ol', 'ta', 'lgb'] as const) expect(chartParams(kind, p).validOnly).toBe(true);
    // The option is offered on the same reports (the overlay included, as Clarity does).
    expect(REPORTS.filter((r) => r.validDays).map((r) => r.id)).toEqual([
      'dashboard',
      'overlay',
      'trend',
      'logbook',
      'segment',
      'agp',
    ]);
  });
  it('drops thresholds outside the glucose range', () => {
    expect(params('tl=20&th=500').thresholds).toEqual({});
  });
});

describe('thresholds typed in the display unit', () => {
  it('converts mmol/L with the factor 18, snapped to the whole mg/dL a clinician means', () => {
    expect(thresholdFromInput('3,9', 'mmol/L')).toBe(70);
    expect(thresholdFromInput('10.0', 'mmol/L')).toBe(180);
    expect(thresholdFromInput('13.9', 'mmol/L')).toBe(250);
    expect(thresholdFromInput('11.0', 'mmol/L')).toBe(198);
    expect(thresholdFromInput('4.4', 'mmol/L')).toBe(79);
    expect(thresholdFromInput('180', 'mg/dL')).toBe(180);
    expect(thresholdFromInput('', 'mg/dL')).toBeNull();
    expect(thresholdFromInput('abc', 'mmol/L')).toBeNull();
    expect(thresholdToInput(93.6, 'mmol/L')).toBe('5.2');
  });
  it('keeps the default (or the value in force) when the field still shows it', () => {
    // The AUC lower default 93.6 mg/dL shows as 5.2 mmol/L (94 mg/dL) and must stay 93.6.
    expect(thresholdFromInput('5.2', 'mmol/L', [93.6])).toBe(93.6);
    expect(thresholdFromInput('5,20', 'mmol/L', [93.6])).toBe(93.6);
    expect(thresholdFromInput('94', 'mg/dL', [93.6])).toBe(93.6);
    expect(thresholdFromInput('3.9', 'mmol/L', [70, 72])).toBe(70);
    // A value in force that is not the default is kept as it is, not re-rounded.
    expect(thresholdFromInput('4.2', 'mmol/L', [70, 75])).toBe(75);
    // A changed field is converted.
    expect(thresholdFromInput('5.3', 'mmol/L', [93.6])).toBe(95);
  });
  it('a default low of 70 applied in mmol/L keeps readings of exactly 70 in target', () => {
    const low = thresholdFromInput(thresholdToInput(70, 'mmol/L'), 'mmol/L', [70])!;
    expect(70 >= low).toBe(true);
    const sp = writeParams(new URLSearchParams(), { thresholds: { target_low: low } });
    expect(readParams(sp).thresholds.target_low).toBe(70);
  });
  it('requires low below high for the target and for the AUC limits', () => {
    expect(checkThresholds({ target_low: 70, target_high: 180, auc_above: 198, auc_below: 93.6 })).toEqual(
      [],
    );
    expect(checkThresholds({ target_low: 180, target_high: 70, auc_above: 90, auc_below: 198 })).toEqual([
      'reports.settings.lowAboveHigh',
      'reports.settings.aucOrder',
    ]);
    expect(checkThresholds({ target_low: 30, target_high: 180, auc_above: 198, auc_below: 93.6 })).toContain(
      'reports.settings.outOfRange',
    );
  });
});
