import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API, type RelationsResponse } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, type People, type Who } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { outbox, relations, users } from '../../platform/db/schema';

let t: TestApp;
let p: People;
const accessEvents: string[] = [];
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  p = await createPeople(t);
  t.ctx.bus.subscribe(p.ids.patient, (_n, kind) => accessEvents.push(kind));
});
afterAll(() => t.close());

/** A follower with no relation yet, signed in. */
async function newFollower(name: string, userType: 'M' | 'D' = 'M') {
  const id = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: `${name}@example.com`,
    password: 'Gluco$e9x',
    userType,
    realname: `Fresh ${name}`,
  });
  return { id, token: await t.signIn(id), username: `${name}@example.com` };
}

const tok = (who: Who | string) => (who in p.tokens ? p.tokens[who as Who] : who);
const search = (who: Who | string, username?: string) =>
  t.call(
    'GET',
    `${API.relationsSearch}${username === undefined ? '' : `?username=${encodeURIComponent(username)}`}`,
    {
      token: tok(who),
    },
  );
const request = (who: Who | string, body: unknown) =>
  t.call('POST', API.relationsRequest, { token: tok(who), body });
const post = (path: string, who: Who | string, uid: string) =>
  t.call('POST', path, { token: tok(who), body: { uid } });
const list = (who: Who | string = 'patient') =>
  t.call<RelationsResponse & { error: number }>('GET', API.relations, { token: tok(who) });
const todo = (who: Who | string = 'patient') => t.call('GET', API.relationsTodo, { token: tok(who) });
const monitorStatus = (who: Who | string) =>
  t.call('GET', API.monitorStatus(p.ids.patient), { token: tok(who) });
const rowOf = async (followerId: string) =>
  (
    await t.ctx.db
      .select()
      .from(relations)
      .where(and(eq(relations.patientId, p.ids.patient), eq(relations.followerId, followerId)))
  )[0];

describe('search by user name (spec §2, §5)', () => {
  it('finds a patient by exact user name, with the real name masked and no relation', async () => {
    const res = await search('stranger', 'PATIENT@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: 0,
      user: {
        uid: p.ids.patient,
        username: 'patient@example.com',
        alias: null,
        realname: 'T*** p***',
        status: null,
      },
    });
  });

  it.each([
    ['carer', 'accepted', 'Test patient'],
    ['hcp', 'accepted', 'Test patient'],
    ['pending', 'request sent', 'T*** p***'],
    ['removed', 'removed', 'T*** p***'],
    ['rejected', 'rejected', 'T*** p***'],
  ] as const)('tells %s the status %s of their relation', async (who, status, realname) => {
    expect((await search(who, 'patient@example.com')).body.user).toMatchObject({ status, realname });
  });

  it.each(['carer@example.com', 'hcp@example.com', 'nobody@example.com', 'patient@example', 'patient'])(
    'answers error 2 for %s (not a patient account): nothing is listed or suggested',
    async (username) => {
      const res = await search('stranger', username);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(ErrorCode.USER_NOT_EXIST);
      expect(res.body.user).toBeUndefined();
    },
  );

  it('requires a user name (400)', async () => {
    for (const username of [undefined, '', '   ']) {
      const res = await search('stranger', username);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
    }
  });

  it('is for carers and HCPs only; a bad token is error 14', async () => {
    expect((await search('patient', 'other@example.com')).status).toBe(403);
    const res = await search('not-a-token', 'patient@example.com');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(ErrorCode.TOKEN_INVALID);
  });
});

describe('sending a request', () => {
  it('creates a pending request the patient sees as requested, with its remark', async () => {
    const before = (await todo()).body.count as number;
    const res = await request('stranger', { username: 'patient@example.com', remark: 'Your aunt' });
    expect(res.body).toEqual({ error: 0, status: 'request sent' });
    expect((await todo()).body.count).toBe(before + 1);
    const pending = (await list()).body.pending.find((r) => r.uid === p.ids.stranger);
    expect(pending).toMatchObject({
      state: 'pending',
      status: 'requested',
      remark: 'Your aunt',
      follower_type: 'M',
    });
    expect((await search('stranger', 'patient@example.com')).body.user).toMatchObject({
      status: 'request sent',
    });
    // Asking gives no access.
    expect((await monitorStatus('stranger')).status).toBe(403);
  });

  it('refuses a second request while one is pending, and one to an accepted patient (110)', async () => {
    for (const who of ['stranger', 'pending', 'carer', 'hcp'] as const) {
      const res = await request(who, { username: 'patient@example.com' });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(ErrorCode.CONFLICT);
    }
    expect((await rowOf(p.ids.carer))?.state).toBe('accepted');
  });

  it('answers error 2 for a request to an account that is not a patient', async () => {
    for (const username of ['carer@example.com', 'hcp@example.com', 'ghost@example.com']) {
      const res = await request('stranger', { username });
      expect(res.body.error).toBe(ErrorCode.USER_NOT_EXIST);
    }
  });

  it('lets a removed or rejected follower ask again, reusing the row', async () => {
    for (const who of ['removed', 'rejected'] as const) {
      const before = await rowOf(p.ids[who]);
      expect((await request(who, { username: 'patient@example.com' })).body).toEqual({
        error: 0,
        status: 'request sent',
      });
      const after = await rowOf(p.ids[who]);
      expect(after).toMatchObject({
        id: before!.id,
        state: 'pending',
        requestedBy: p.ids[who],
        decidedAt: null,
      });
    }
  });

  it('refuses invalid bodies and patients sending requests', async () => {
    expect((await request('stranger', {})).status).toBe(400);
    expect(
      (await request('stranger', { username: 'patient@example.com', remark: 'x'.repeat(201) })).status,
    ).toBe(400);
    expect((await request('patient', { username: 'other@example.com' })).status).toBe(403);
  });
});

describe('consent flips data access (spec §1, §4)', () => {
  it('permit gives access at once; removal by the patient ends it at once', async () => {
    const f = await newFollower('flip');
    await request(f.token, { username: 'patient@example.com' });
    expect((await monitorStatus(f.token)).status).toBe(403);
    await nextTurn(); // earlier changes' wake-ups land first
    accessEvents.length = 0;
    expect((await post(API.relationsPermit, 'patient', f.id)).body).toEqual({ error: 0, status: 'accepted' });
    await nextTurn(); // followers are woken after the changing request's turn (live-bus.ts)
    expect(accessEvents).toEqual(['access']);
    expect((await monitorStatus(f.token)).status).toBe(200);
    const item = (await list()).body.carer.find((r) => r.uid === f.id);
    expect(item).toMatchObject({
      state: 'ACCEPT',
      status: 'accepted',
      real_name: 'Fresh flip',
      username: f.username,
    });
    expect((await post(API.relationsCancel, 'patient', f.id)).body).toEqual({ error: 0, status: 'removed' });
    await nextTurn(); // followers are woken after the changing request's turn (live-bus.ts)
    expect(accessEvents).toEqual(['access', 'access']);
    expect((await monitorStatus(f.token)).status).toBe(403);
    expect((await list()).body.carer.find((r) => r.uid === f.id)).toBeUndefined();
  });

  it('reject leaves access refused; stop following by an HCP ends it', async () => {
    const d = await newFollower('doc', 'D');
    await request(d.token, { username: 'patient@example.com' });
    expect((await post(API.relationsReject, 'patient', d.id)).body).toEqual({ error: 0, status: 'rejected' });
    expect((await monitorStatus(d.token)).status).toBe(403);
    await request(d.token, { username: 'patient@example.com' });
    await post(API.relationsPermit, 'patient', d.id);
    expect((await monitorStatus(d.token)).status).toBe(200);
    expect((await list()).body.hcp.find((r) => r.uid === d.id)).toMatchObject({
      state: 'ACCEPT',
      follower_type: 'D',
    });
    await nextTurn(); // earlier changes' wake-ups land first
    accessEvents.length = 0;
    expect((await post(API.relationsStop, d.token, p.ids.patient)).body).toEqual({
      error: 0,
      status: 'removed',
    });
    await nextTurn(); // followers are woken after the changing request's turn (live-bus.ts)
    expect(accessEvents).toEqual(['access']);
    expect((await monitorStatus(d.token)).status).toBe(403);
  });

  it("tells the patient, in the patient's language, that a follower stopped following", async () => {
    const f = await newFollower('leaving');
    await t.ctx.db.update(users).set({ language: 'de' }).where(eq(users.id, p.ids.patient));
    await request(f.token, { username: 'patient@example.com' });
    await post(API.relationsPermit, 'patient', f.id);
    const toPatient = () => t.ctx.db.select().from(outbox).where(eq(outbox.recipient, 'patient@example.com'));
    const aboutLeaving = async () => (await toPatient()).filter((m) => m.subject.includes('Fresh leaving'));
    expect(await aboutLeaving()).toHaveLength(0);
    await post(API.relationsStop, f.token, p.ids.patient);
    const sent = await aboutLeaving();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Fresh leaving folgt Ihnen nicht mehr' });
    expect(sent[0]!.body).toContain('sieht Ihre Daten im CGM Portal nicht mehr');
    await t.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, p.ids.patient));
  });

  it('a follower may withdraw a pending request', async () => {
    const f = await newFollower('withdraw');
    await request(f.token, { username: 'patient@example.com' });
    expect((await post(API.relationsCancel, f.token, p.ids.patient)).body).toEqual({
      error: 0,
      status: 'cancelled',
    });
    expect((await rowOf(f.id))?.state).toBe('cancelled');
    expect((await list()).body.pending.find((r) => r.uid === f.id)).toBeUndefined();
  });
});

describe('illegal moves change nothing', () => {
  it.each([
    ['permit an accepted one', API.relationsPermit, 'patient', 'carer', 409],
    ['reject an accepted one', API.relationsReject, 'patient', 'hcp', 409],
    [
      'cancel (as patient) a pending request: it is rejected instead',
      API.relationsCancel,
      'patient',
      'pending',
      409,
    ],
    ['permit someone with no relation', API.relationsPermit, 'patient', 'stranger2', 404],
    ['reject someone with no relation', API.relationsReject, 'patient', 'stranger2', 404],
  ] as const)('the patient may not %s', async (_name, path, who, target, status) => {
    const id =
      target === 'stranger2'
        ? (await newFollower(`nobody${Math.random()}`.replace('.', ''))).id
        : p.ids[target];
    const before = await rowOf(id);
    const res = await post(path, who, id);
    expect(res.status).toBe(status);
    expect(await rowOf(id)).toEqual(before);
  });

  it.each([
    ['cancel an accepted relation (that is stop)', API.relationsCancel, 'carer'],
    ['stop a pending request', API.relationsStop, 'pending'],
  ] as const)('a follower may not %s (110)', async (_name, path, who) => {
    const before = await rowOf(p.ids[who]);
    const res = await post(path, who, p.ids.patient);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ErrorCode.CONFLICT);
    expect(await rowOf(p.ids[who])).toEqual(before);
  });

  it('stop or cancel of a removed, rejected or cancelled relation is 110', async () => {
    const f = await newFollower('gone');
    await request(f.token, { username: 'patient@example.com' });
    await post(API.relationsReject, 'patient', f.id);
    for (const path of [API.relationsStop, API.relationsCancel]) {
      expect((await post(path, f.token, p.ids.patient)).status).toBe(409);
    }
    for (const path of [API.relationsPermit, API.relationsReject, API.relationsCancel]) {
      expect((await post(path, 'patient', f.id)).status).toBe(409);
    }
  });

  it.each(['carer', 'hcp', 'pending', 'stranger'] as const)(
    '%s cannot decide anything (403), nothing changes',
    async (who) => {
      const before = await rowOf(p.ids.pending);
      for (const path of [API.relationsPermit, API.relationsReject]) {
        const res = await post(path, who, p.ids.pending);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe(ErrorCode.FORBIDDEN);
      }
      expect(await rowOf(p.ids.pending)).toEqual(before);
      expect((await list(who)).status).toBe(403);
      expect((await todo(who)).status).toBe(403);
    },
  );

  it("another patient cannot decide this patient's requests (no relation: 103)", async () => {
    for (const path of [API.relationsPermit, API.relationsReject, API.relationsCancel]) {
      expect((await post(path, 'other', p.ids.pending)).status).toBe(404);
      expect((await post(path, 'other', p.ids.carer)).status).toBe(404);
    }
    expect((await rowOf(p.ids.pending))?.state).toBe('pending');
    expect((await rowOf(p.ids.carer))?.state).toBe('accepted');
  });

  it('a follower cannot stop or cancel for someone else: the uid names the patient of their own relation', async () => {
    expect((await post(API.relationsStop, 'stranger', p.ids.patient)).status).toBe(409);
    expect((await post(API.relationsStop, 'carer', p.ids.other)).status).toBe(404);
    expect((await post(API.relationsStop, 'carer', p.ids.hcp)).status).toBe(404);
  });

  it('answers 401 with error 14 without a token, 400 without a uid', async () => {
    for (const path of [API.relationsPermit, API.relationsReject, API.relationsCancel, API.relationsStop]) {
      const res = await t.call('POST', path, { body: { uid: p.ids.pending } });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(ErrorCode.TOKEN_INVALID);
      expect((await t.call('POST', path, { token: tok('patient'), body: {} })).status).toBeGreaterThanOrEqual(
        400,
      );
    }
    for (const path of [API.relations, API.relationsTodo]) {
      expect((await t.call('GET', path)).body.error).toBe(ErrorCode.TOKEN_INVALID);
    }
  });
});

describe("the patient's relations (spec §3 Relations)", () => {
  it('lists HCPs and carers (accepted and pending), no apps, and the pending requests newest first', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.oauth2).toEqual([]); // no Nightscout credential or OAuth grant yet
    expect(res.body.carer.map((r) => r.uid)).toContain(p.ids.carer);
    expect(res.body.hcp.map((r) => r.uid)).toContain(p.ids.hcp);
    for (const r of [...res.body.hcp, ...res.body.carer]) expect(['ACCEPT', 'pending']).toContain(r.state);
    expect(res.body.pending.every((r) => r.state === 'pending' && r.status === 'requested')).toBe(true);
    const since = res.body.pending.map((r) => r.since);
    expect(since).toEqual([...since].sort((a, b) => b - a));
    expect((await todo()).body.count).toBe(res.body.pending.length);
    // Another patient has nobody.
    expect((await list('other')).body).toMatchObject({ hcp: [], carer: [], pending: [] });
  });
});
