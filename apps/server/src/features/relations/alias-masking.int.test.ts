import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, type ConnectionsResponse, type MessageItem } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, TEST_PASSWORD, type People, type Who } from '../../../test-support/people';
import { createAccount } from '../../accounts/create-account';
import { profiles } from '../../platform/db/schema';

// A patient's alias names them as surely as the real name: before consent, and after a rejection or
// a removal, a follower sees both masked alike (spec §1 consent; docs/PERMISSIONS.md).

let t: TestApp;
let p: People;
const ALIAS = 'Bed Seven';
const MASKED = 'B*** S***';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T12:00:00Z'));
  p = await createPeople(t);
  await t.ctx.db.update(profiles).set({ alias: ALIAS }).where(eq(profiles.userId, p.ids.patient));
});
afterAll(() => t.close());

const search = (who: Who) =>
  t.call<{ user: { alias: string | null; realname: string } }>(
    'GET',
    `${API.relationsSearch}?username=patient%40example.com`,
    { token: p.tokens[who] },
  );

describe('relations search', () => {
  it.each(['stranger', 'pending', 'removed', 'rejected'] as const)(
    'masks the alias for %s, like the real name',
    async (who) => {
      expect((await search(who)).body.user).toMatchObject({ alias: MASKED, realname: 'T*** p***' });
    },
  );

  it('shows the alias to a follower the patient accepted', async () => {
    expect((await search('carer')).body.user).toMatchObject({ alias: ALIAS, realname: 'Test patient' });
  });
});

describe("the follower's requests", () => {
  it.each(['pending', 'removed', 'rejected'] as const)('masks the alias for %s', async (who) => {
    const res = await t.call<ConnectionsResponse>('GET', API.connections, { token: p.tokens[who] });
    expect(res.body.requests[0]).toMatchObject({ alias: MASKED, real_name: 'T*** p***' });
  });

  it('shows it on an accepted connection', async () => {
    const res = await t.call<ConnectionsResponse>('GET', API.connections, { token: p.tokens.carer });
    expect(res.body.connections[0]).toMatchObject({ alias: ALIAS, real_name: 'Test patient' });
  });
});

describe('messages', () => {
  it('masks the alias after a rejection and after a removal, shows it while accepted', async () => {
    const id = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'asker@example.com',
      password: TEST_PASSWORD,
      userType: 'M',
      realname: 'Ada Asker',
    });
    const token = await t.signIn(id);
    const ask = () =>
      t.call('POST', API.relationsRequest, { token, body: { username: 'patient@example.com' } });
    const decide = (path: string) => t.call('POST', path, { token: p.tokens.patient, body: { uid: id } });
    const aliases = async () =>
      (await t.call<{ messages: MessageItem[] }>('GET', API.messages, { token })).body.messages.map(
        (m) => m.alias,
      );
    await ask();
    await decide(API.relationsReject);
    expect(await aliases()).toEqual([MASKED]);
    await ask();
    await decide(API.relationsPermit);
    expect(await aliases()).toEqual([ALIAS, ALIAS]);
    await decide(API.relationsCancel);
    expect(await aliases()).toEqual([MASKED, MASKED, MASKED]);
  });
});
