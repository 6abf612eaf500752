import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@cgm/domain';
import {
  dayOf,
  dayStart,
  draftOfOptions,
  newRangeKey,
  optionsOfDraft,
  rangeDraft,
  serverErrors,
  type OptionsDraft,
} from './data-options';

const day = (iso: string) => dayStart(iso);
const blank = (): OptionsDraft => ({ daopapp: { cgms: [], pump: [] }, pdm: { cgms: [], pump: [] } });
const typed = (start: string, end = '') => ({ key: newRangeKey(), start, end });

describe('data options draft', () => {
  it('shows ranges as local days, the end as its last day, open ends empty', () => {
    const d = draftOfOptions([
      { option: 'pdm', cgms: [{ start: day('2026-03-01'), end: day('2026-03-11') }], pump: [] },
      { option: 'daopapp', cgms: [], pump: [{ start: day('2026-03-05'), end: null }] },
    ]);
    expect(d.pdm.cgms[0]).toMatchObject({ start: '2026-03-01', end: '2026-03-10' });
    expect(d.daopapp.pump[0]).toMatchObject({ start: '2026-03-05', end: '' });
    expect(d.daopapp.cgms).toEqual([]);
  });

  it('turns days back into [start of first day, start of the day after the last)', () => {
    const d = blank();
    d.daopapp.cgms.push(typed('2026-03-01', '2026-03-10'));
    d.pdm.pump.push(typed('2026-03-02'));
    const r = optionsOfDraft(d);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.options).toEqual([
      { option: 'daopapp', cgms: [{ start: day('2026-03-01'), end: day('2026-03-11') }], pump: [] },
      { option: 'pdm', cgms: [], pump: [{ start: day('2026-03-02'), end: null }] },
    ]);
  });

  it('keeps the exact times of a range whose days were not changed', () => {
    const start = day('2026-03-01') + 3_600_000 * 7.5;
    const end = day('2026-03-04') + 3_600_000 * 13;
    const d = blank();
    d.pdm.cgms.push(rangeDraft(start, end));
    expect(dayOf(end)).toBe('2026-03-04');
    const r = optionsOfDraft(d);
    expect(r.ok && r.options[0]!.cgms[0]).toEqual({ start, end });
    d.pdm.cgms[0]!.end = '2026-03-05';
    const changed = optionsOfDraft(d);
    expect(changed.ok && changed.options[0]!.cgms[0]).toEqual({ start, end: day('2026-03-06') });
  });

  it('refuses a missing date and an end before the start', () => {
    const d = blank();
    const a = typed('', '');
    const b = typed('2026-03-10', '2026-03-01');
    d.daopapp.cgms.push(a, b);
    const r = optionsOfDraft(d);
    expect(r).toEqual({
      ok: false,
      errors: { [a.key]: MESSAGES.dateSelectionWrong, [b.key]: MESSAGES.endBeforeStart },
    });
  });

  it('finds ranges of one kind that overlap across both options (error 34)', () => {
    const d = blank();
    const a = typed('2026-03-01', '2026-03-10');
    const b = typed('2026-03-10');
    const c = typed('2026-03-01');
    d.daopapp.cgms.push(a);
    d.pdm.cgms.push(b);
    d.pdm.pump.push(c);
    const r = optionsOfDraft(d);
    expect(r).toEqual({
      ok: false,
      errors: { [a.key]: MESSAGES.timeOverlapped, [b.key]: MESSAGES.timeOverlapped },
    });
  });

  it('lets ranges that only touch pass', () => {
    const d = blank();
    d.daopapp.cgms.push(typed('2026-03-01', '2026-03-09'));
    d.pdm.cgms.push(typed('2026-03-10'));
    expect(optionsOfDraft(d).ok).toBe(true);
  });

  it('maps the server’s detail paths back to the ranges', () => {
    const d = blank();
    const a = typed('2026-03-01', '2026-03-02');
    const b = typed('2026-03-05');
    d.pdm.pump.push(a, b);
    const r = optionsOfDraft(d);
    if (!r.ok) throw new Error('draft');
    const errs = serverErrors(
      [
        { path: 'options.0.pump.1', message: MESSAGES.timeOverlapped },
        { path: 'x', message: 'y' },
      ],
      r.options,
      r.sent,
    );
    expect(errs).toEqual({ [b.key]: MESSAGES.timeOverlapped });
  });
});
