import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type DataOption } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_OWN,
  MAY_NOT_READ,
  MAY_READ,
  type People,
  type Who,
} from '../../../test-support/people';
import { dataOptions } from '../../platform/db/schema';

let t: TestApp;
let p: People;
const DAY = 86400_000;
const T0 = Date.parse('2026-10-01T00:00:00Z');
const at = (days: number) => T0 + days * DAY;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(at(60)));
  p = await createPeople(t);
});
afterAll(() => t.close());

type Body = { error: number; options: DataOption[]; details?: Array<{ path: string; message: string }> };
const get = (who: Who, id = p.ids.patient) =>
  t.call<Body>('GET', API.dataOptions(id), { token: p.tokens[who] });
const save = (who: Who, body: unknown, id = p.ids.patient) =>
  t.call<Body>('POST', API.dataOptions(id), { token: p.tokens[who], body });
const rows = async () =>
  (await t.ctx.db.select().from(dataOptions).where(eq(dataOptions.patientId, p.ids.patient)))
    .map((r) => `${r.option}/${r.kind}/${r.startsAt.getTime()}/${r.endsAt?.getTime() ?? 'open'}`)
    .sort();

/** The app fed sensor and pump data until day 10 (sensor) and day 20 (pump); the PDM since. */
const valid: DataOption[] = [
  { option: 'pdm', cgms: [{ start: at(10), end: null }], pump: [{ start: at(20), end: null }] },
  {
    option: 'daopapp',
    cgms: [{ start: at(0), end: at(10) }],
    pump: [
      { start: at(5), end: at(20) },
      { start: at(0), end: at(5) },
    ],
  },
];

describe('data options (spec §3 options, §4 data option)', () => {
  it('are empty until saved', async () => {
    const res = await get('patient');
    expect(res.body).toEqual({ error: 0, options: [] });
  });

  it('saves ranges that only touch, and answers them sorted (times are epoch ms)', async () => {
    const res = await save('patient', { options: valid });
    expect(res.status).toBe(200);
    const expected = [
      {
        option: 'daopapp',
        cgms: [{ start: at(0), end: at(10) }],
        pump: [
          { start: at(0), end: at(5) },
          { start: at(5), end: at(20) },
        ],
      },
      { option: 'pdm', cgms: [{ start: at(10), end: null }], pump: [{ start: at(20), end: null }] },
    ];
    expect(res.body.options).toEqual(expected);
    expect((await get('carer')).body.options).toEqual(expected);
    expect(await rows()).toHaveLength(5);
  });

  it.each([
    [
      'two cgms ranges of different options',
      [
        { option: 'daopapp', cgms: [{ start: at(0), end: at(11) }], pump: [] },
        { option: 'pdm', cgms: [{ start: at(10), end: null }], pump: [] },
      ],
      ['options.0.cgms.0', 'options.1.cgms.0'],
    ],
    [
      'two pump ranges of one option',
      [
        {
          option: 'pdm',
          cgms: [],
          pump: [
            { start: at(0), end: at(5) },
            { start: at(30), end: at(40) },
            { start: at(4), end: at(6) },
          ],
        },
      ],
      ['options.0.pump.0', 'options.0.pump.2'],
    ],
    [
      'a range inside an open one',
      [
        { option: 'daopapp', cgms: [{ start: at(50), end: at(51) }], pump: [] },
        { option: 'pdm', cgms: [{ start: at(10), end: null }], pump: [] },
      ],
      ['options.0.cgms.0', 'options.1.cgms.0'],
    ],
  ])('refuses %s with error 34 (HTTP 409) and keeps the saved list', async (_name, options, paths) => {
    const before = await rows();
    const res = await save('patient', { options });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ErrorCode.TIME_OVERLAP);
    expect(res.body.details?.map((d) => d.path).sort()).toEqual(paths);
    expect(await rows()).toEqual(before);
  });

  it('saves a corrected, non-overlapping list after a refusal', async () => {
    const res = await save('patient', {
      options: [
        { option: 'daopapp', cgms: [{ start: at(0), end: at(10) }], pump: [{ start: at(0), end: at(30) }] },
        { option: 'pdm', cgms: [{ start: at(10), end: null }], pump: [{ start: at(30), end: null }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(await rows()).toHaveLength(4);
    expect(res.body.options[0]!.pump).toEqual([{ start: at(0), end: at(30) }]);
  });

  it.each([
    ['a range ending before it starts', [{ option: 'pdm', cgms: [{ start: at(5), end: at(4) }], pump: [] }]],
    ['an empty range', [{ option: 'pdm', cgms: [], pump: [{ start: at(5), end: at(5) }] }]],
    [
      'one option twice',
      [
        { option: 'pdm', cgms: [], pump: [] },
        { option: 'pdm', cgms: [], pump: [] },
      ],
    ],
    ['an unknown option', [{ option: 'usb', cgms: [], pump: [] }]],
    [
      'ISO dates instead of epoch ms',
      [{ option: 'pdm', cgms: [{ start: '2026-10-01', end: null }], pump: [] }],
    ],
    ['a missing list', [{ option: 'pdm', cgms: [] }]],
  ])('refuses %s with 400 and changes nothing', async (_name, options) => {
    const before = await rows();
    const res = await save('patient', { options });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    expect(await rows()).toEqual(before);
  });

  it('clears the list with an empty save', async () => {
    expect((await save('patient', { options: [] })).body.options).toEqual([]);
    expect(await rows()).toEqual([]);
    expect((await save('patient', { options: valid })).status).toBe(200);
  });
});

describe('who may see and decide data options (spec §6)', () => {
  it.each(MAY_READ)('%s may read them', async (who) => {
    expect((await get(who)).body.options).toHaveLength(2);
  });

  it.each(MAY_NOT_READ)('%s may not read them', async (who) => {
    expect((await get(who)).status).toBe(403);
  });

  it.each(MAY_NOT_OWN)('%s may not change them (only the patient decides)', async (who) => {
    const before = await rows();
    const res = await save(who, { options: [] });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
    expect(await rows()).toEqual(before);
  });

  it('answers an unknown patient id as for a stranger', async () => {
    expect((await get('carer', 'no-such-patient')).status).toBe(403);
    expect((await save('carer', { options: [] }, 'no-such-patient')).status).toBe(403);
  });
});
