import { describe, expect, it } from 'vitest';
import type { PatientListItem } from '@cgm/contract';
import { bandsView } from './triage-view';

const triage = (bands: NonNullable<PatientListItem['triage']>['bands'], wear: number | null) => ({
  triage: {
    bands,
    wear,
    gmi: null,
    gmi_withheld: null,
    cv: null,
    previous_in_range: null,
    flags: [],
    computed_at: '',
  },
});

describe('bandsView', () => {
  it('rounds the bands so the shown parts add up, below 70 being very low + low as shown', () => {
    const v = bandsView(triage({ very_low: 0.6, low: 3.7, in_range: 70.2, high: 20.3, very_high: 5.2 }, 95));
    expect(v).toMatchObject({
      kind: 'shown',
      veryLow: 1,
      low: 4,
      inRange: 70,
      high: 20,
      veryHigh: 5,
      below: 5,
      above: 25,
    });
  });

  it('withholds the bands below 70 % wear, and shows nothing without readings or summary', () => {
    expect(bandsView(triage({ very_low: 50, low: 0, in_range: 50, high: 0, very_high: 0 }, 69.9))).toEqual({
      kind: 'insufficient',
      wear: 69.9,
    });
    expect(bandsView(triage(null, 0))).toEqual({ kind: 'none' });
    expect(bandsView({ triage: null })).toEqual({ kind: 'none' });
  });
});
