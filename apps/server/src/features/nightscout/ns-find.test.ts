import { describe, expect, it } from 'vitest';
import { parseV1Find } from './ns-find';
import { splitPreBolus } from './ns-prebolus';
import { nightscoutProperties } from './ns-properties';

// The pure parts of issue 19: Nightscout's query string as the server's flat keys arrive, preBolus,
// and the properties' rule that a value without data is left out.

describe('parseV1Find', () => {
  it('reads fields, operators and repeated keys', () => {
    expect(
      parseV1Find({ 'find[type]': 'sgv', 'find[sgv][$gte]': '100', 'find[enteredBy][$ne]': ['A', 'B'] }),
    ).toEqual([
      { field: 'type', op: '$eq', values: ['sgv'] },
      { field: 'sgv', op: '$gte', values: ['100'] },
      { field: 'enteredBy', op: '$ne', values: ['A'] },
      { field: 'enteredBy', op: '$ne', values: ['B'] },
    ]);
  });

  it('makes one $in list of indexed, bracketed and piped values', () => {
    expect(
      parseV1Find({ 'find[type][$in][0]': 'sgv', 'find[type][$in][1]': 'mbg', 'find[type][$in][]': 'cal|x' }),
    ).toEqual([{ field: 'type', op: '$in', values: ['sgv', 'mbg', 'cal', 'x'] }]);
  });

  it('groups $or and $and by index, in index order, as one top-level condition each', () => {
    const c = parseV1Find({
      'find[$or][1][carbs][$exists]': 'true',
      'find[$or][0][insulin][$exists]': 'true',
      'find[$or][0][eventType]': 'Bolus',
      'find[$and][0][enteredBy][$ne]': 'Trio',
      'find[created_at][$gte]': '2024-01-01',
    });
    expect(c).toEqual([
      { field: 'created_at', op: '$gte', values: ['2024-01-01'] },
      {
        field: '$or',
        op: '$or',
        values: [],
        groups: [
          [
            { field: 'insulin', op: '$exists', values: ['true'] },
            { field: 'eventType', op: '$eq', values: ['Bolus'] },
          ],
          [{ field: 'carbs', op: '$exists', values: ['true'] }],
        ],
      },
      {
        field: '$and',
        op: '$and',
        values: [],
        groups: [[{ field: 'enteredBy', op: '$ne', values: ['Trio'] }]],
      },
    ]);
  });

  it('ignores operators Nightscout does not allow and unreadable keys', () => {
    expect(
      parseV1Find({
        'find[$where]': '1',
        'find[$or][0][$where]': '1',
        'find[sgv][$gte': '1',
        'find[a[b]]': '1',
      }),
    ).toEqual([]);
  });
});

describe('splitPreBolus', () => {
  it('moves the carbs preBolus minutes later and leaves other treatments alone', () => {
    const note = { eventType: 'Note', created_at: '2024-05-01T10:00:00Z' };
    const meal = {
      eventType: 'Meal Bolus',
      insulin: 3,
      carbs: 40,
      preBolus: 15,
      created_at: '2024-05-01T12:00:00Z',
    };
    const out = splitPreBolus([note, meal], 0);
    expect(out).toEqual([
      note,
      { eventType: 'Meal Bolus', insulin: 3, preBolus: 15, created_at: '2024-05-01T12:00:00Z' },
      { eventType: 'Meal Bolus', carbs: 40, created_at: '2024-05-01T12:15:00.000Z' },
    ]);
    expect(meal.carbs).toBe(40);
  });
});

describe('nightscoutProperties', () => {
  it('gives no delta across a gap and nothing for data it does not have', () => {
    const props = nightscoutProperties({
      sgvs: [
        { sgv: 150, date: 1_000_000_000_000, direction: 'SingleUp' },
        { sgv: 120, date: 1_000_000_000_000 - 30 * 60_000 },
      ],
      deviceStatus: [],
      careEvents: [],
      units: 'mmol',
      nowMs: 1_000_000_060_000,
    });
    expect(props.bgnow).toMatchObject({ last: 150 });
    expect(props.direction).toMatchObject({ value: 'SingleUp', label: '↑' });
    expect(Object.keys(props).sort()).toEqual(['bgnow', 'direction']);
  });
});
