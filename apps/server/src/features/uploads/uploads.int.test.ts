import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API, type UploadsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import {
  createPeople,
  MAY_NOT_READ,
  MAY_READ,
  registerDevice,
  type People,
  type Who,
} from '../../../test-support/people';

let t: TestApp;
let p: People;
let deviceId: string;
const T0 = Date.parse('2026-11-21T08:00:00Z');
const sg = (seq: number) => ({
  type: 'sg',
  serial: 'TX-1',
  seq,
  time: T0 + seq * 300_000,
  utc_offset_min: 0,
  mgdl: 100 + seq,
});

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date(T0 + 3600_000));
  p = await createPeople(t);
  const device = await registerDevice(t, p.tokens.patient, 'PB-1');
  deviceId = device.id;
  // Three batches a minute apart: new readings; a resend with one bad record; two more.
  await device.ingest([sg(1), sg(2), sg(3)]);
  t.clock.advance(60_000);
  await device.ingest([sg(1), sg(2), sg(3), { type: 'sg', serial: 'TX-1' }]);
  t.clock.advance(60_000);
  await device.ingest([sg(5), sg(4)]);
  const others = await registerDevice(t, p.tokens.other, 'PB-9');
  await others.ingest([sg(1)]);
});
afterAll(() => t.close());

const list = (who: Who, query = '', id = p.ids.patient) =>
  t.call<UploadsResponse & { error: number }>('GET', `${API.uploads(id)}${query}`, { token: p.tokens[who] });

describe('upload history', () => {
  it('lists each batch newest first with its device, counts and record times', async () => {
    const res = await list('patient');
    expect(res.status).toBe(200);
    const { items, ...paging } = res.body.uploads;
    expect(paging).toEqual({ page: 1, size: 20, total: 3, pages: 1, has_next: false, has_prev: false });
    expect(items.map((i) => [i.stored, i.duplicates, i.rejected])).toEqual([
      [2, 0, 0],
      [0, 3, 1],
      [3, 0, 0],
    ]);
    expect(items[0]).toEqual({
      id: expect.any(String),
      source: 'realtime',
      label: null,
      device: { id: deviceId, kind: 'patch_app', serial: 'PB-1', name: 'Patch app' },
      received_at: T0 + 3600_000 + 120_000,
      stored: 2,
      duplicates: 0,
      rejected: 0,
      first_time: T0 + 4 * 300_000,
      last_time: T0 + 5 * 300_000,
      deletion: null,
    });
    expect(items[2]!.received_at).toBe(T0 + 3600_000);
  });

  it('pages by size, at most 100', async () => {
    const one = await list('carer', '?page=1&size=2');
    expect(one.body.uploads).toMatchObject({ total: 3, pages: 2, has_next: true, has_prev: false });
    expect(one.body.uploads.items.map((i) => i.stored)).toEqual([2, 0]);
    const two = await list('carer', '?page=2&size=2');
    expect(two.body.uploads).toMatchObject({ page: 2, has_next: false, has_prev: true });
    expect(two.body.uploads.items.map((i) => i.stored)).toEqual([3]);
    expect((await list('carer', '?page=3&size=2')).body.uploads.items).toEqual([]);
  });

  it.each(['?size=101', '?size=0', '?page=0', '?page=x'])('refuses %s with 400', async (query) => {
    const res = await list('patient', query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
  });

  it("shows another patient's history only to them", async () => {
    const res = await list('other', '', p.ids.other);
    expect(res.body.uploads.items.map((i) => i.device?.serial)).toEqual(['PB-9']);
  });
});

describe('who may see the upload history (spec §6)', () => {
  it.each(MAY_READ)('%s may', async (who) => {
    expect((await list(who)).body.uploads.total).toBe(3);
  });

  it.each(MAY_NOT_READ)('%s may not', async (who) => {
    expect((await list(who)).status).toBe(403);
  });

  it('answers an unknown patient id as for a stranger', async () => {
    expect((await list('carer', '', 'no-such-patient')).status).toBe(403);
  });
});
