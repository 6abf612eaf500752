import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API, type MessageItem } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, TEST_PASSWORD, type People } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';

let t: TestApp;
let p: People;
let follower: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  p = await createPeople(t);
  const id = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'reader@example.com',
    password: TEST_PASSWORD,
    userType: 'M',
    realname: 'Mia Reader',
  });
  follower = { id, token: await t.signIn(id) };
});
afterAll(() => t.close());

type List = { error: number; messages: MessageItem[] };
const messages = (token = follower.token) => t.call<List>('GET', API.messages, { token });
const unread = (token = follower.token) => t.call('GET', API.messagesUnread, { token });
const ask = () =>
  t.call('POST', API.relationsRequest, { token: follower.token, body: { username: 'patient@example.com' } });
const decide = (path: string) =>
  t.call('POST', path, { token: p.tokens.patient, body: { uid: follower.id } });
const step = () => t.clock.advance(60_000);

describe('messages of the patient’s decisions (spec §3 Message, §4)', () => {
  it('has none before any decision; a request sends the follower nothing', async () => {
    await ask();
    expect((await messages()).body.messages).toEqual([]);
    expect((await unread()).body).toEqual({ error: 0, count: 0 });
  });

  it('tells of a rejection, an acceptance and a removal, newest first', async () => {
    step();
    await decide(API.relationsReject);
    step();
    await ask();
    await decide(API.relationsPermit);
    let list = (await messages()).body.messages;
    expect(list.map((m) => m.message_type)).toEqual(['RELATION_AUTH_PERMIT', 'RELATION_AUTH_REJECT']);
    // While the patient agrees, the follower sees the name and the portrait flag.
    expect(list[0]).toMatchObject({
      uid: p.ids.patient,
      username: 'patient@example.com',
      realname: 'Test patient',
      read: false,
      portrait: false,
      timestamp: Date.parse('2026-11-21T12:02:00Z'),
    });
    step();
    await decide(API.relationsCancel);
    list = (await messages()).body.messages;
    expect(list.map((m) => m.message_type)).toEqual([
      'RELATION_AUTH_CANCEL',
      'RELATION_AUTH_PERMIT',
      'RELATION_AUTH_REJECT',
    ]);
    // Removed: the name is masked again.
    expect(list.every((m) => m.realname === 'T*** p***')).toBe(true);
    expect((await unread()).body.count).toBe(3);
  });

  it('a follower who stops following or withdraws is not sent a message', async () => {
    step();
    await ask();
    await t.call('POST', API.relationsCancel, { token: follower.token, body: { uid: p.ids.patient } });
    expect((await unread()).body.count).toBe(3);
  });

  it('marks the given messages read, then all; never anyone else’s', async () => {
    const hcpRelation = await t.call('POST', API.relationsCancel, {
      token: p.tokens.patient,
      body: { uid: p.ids.hcp },
    });
    expect(hcpRelation.body.status).toBe('removed');
    const hcpUnread = (await unread(p.tokens.hcp)).body.count;
    expect(hcpUnread).toBe(1);
    const [first] = (await messages()).body.messages;
    const hcpMessage = (await messages(p.tokens.hcp)).body.messages[0]!;
    const res = await t.call('POST', API.messagesRead, {
      token: follower.token,
      body: { ids: [first!.id, hcpMessage.id] },
    });
    expect(res.body).toEqual({ error: 0, count: 2 });
    expect((await messages()).body.messages.map((m) => m.read)).toEqual([true, false, false]);
    expect((await unread(p.tokens.hcp)).body.count).toBe(1);
    expect((await t.call('POST', API.messagesRead, { token: follower.token, body: {} })).body).toEqual({
      error: 0,
      count: 0,
    });
    expect((await messages()).body.messages.every((m) => m.read)).toBe(true);
  });

  it('counts unread messages in the login response of a follower', async () => {
    const login = await t.call('POST', API.login, {
      body: { username: 'hcp@example.com', password: TEST_PASSWORD, user_type: 'D' },
    });
    expect(login.body).toMatchObject({ error: 0, unread_message: 1, connection_request: 0 });
  });

  it('is for carers and HCPs: patients 403, bad token error 14, bad body 400', async () => {
    for (const path of [API.messages, API.messagesUnread]) {
      expect((await t.call('GET', path, { token: p.tokens.patient })).status).toBe(403);
      const res = await t.call('GET', path, { token: 'nope' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(ErrorCode.TOKEN_INVALID);
    }
    expect((await t.call('POST', API.messagesRead, { token: p.tokens.patient, body: {} })).status).toBe(403);
    expect(
      (await t.call('POST', API.messagesRead, { token: follower.token, body: { ids: 'all' } })).status,
    ).toBe(400);
  });
});

describe('sender portrait (spec §3 Message; access/portrait.ts)', () => {
  it('is readable while the patient agrees, refused after removal', async () => {
    const portrait = (token: string) => t.call('GET', API.portrait(p.ids.patient), { token });
    // The accepted carer passes the policy (404: the patient has no portrait yet).
    expect((await portrait(p.tokens.carer)).status).toBe(404);
    expect((await portrait(follower.token)).status).toBe(403);
    expect((await portrait(p.tokens.hcp)).status).toBe(403);
    expect((await portrait(p.tokens.stranger)).status).toBe(403);
  });
});
