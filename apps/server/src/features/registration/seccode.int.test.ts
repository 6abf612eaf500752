import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { outbox } from '../../platform/db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'taken@example.com',
    password: 'Gluco$e9x',
    userType: 'P',
    realname: 'Tak En',
  });
});
afterAll(() => t.close());

/** The latest verification code mailed (or texted) to `to`, read from the outbox. */
async function codeSentTo(to: string): Promise<string> {
  const rows = await t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.subject, 'Your CGM Portal verification code')))
    .orderBy(desc(outbox.createdAt));
  return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
}

async function sendCode(target: { email?: string; mobile?: string }): Promise<string> {
  const res = await t.call('POST', API.seccodeSend, { body: { ...target, purpose: 'register' } });
  expect(res.body).toMatchObject({ error: 0 });
  return res.body.token as string;
}

describe('seccode/send (spec §7, §9)', () => {
  it('mails a code to an e-mail and texts one to a mobile', async () => {
    const res = await t.call('POST', API.seccodeSend, {
      body: { email: 'Mail@Example.com', purpose: 'register' },
    });
    expect(res.body).toMatchObject({ error: 0, token: expect.any(String) });
    expect(await codeSentTo('mail@example.com')).toMatch(/^\d{6}$/);
    await sendCode({ mobile: '+44 7700 900123' });
    const sms = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, '+44 7700 900123'));
    expect(sms[0]!.channel).toBe('sms');
  });

  it('does not reveal that an address is registered: it sends the code anyway', async () => {
    await sendCode({ email: 'taken@example.com' });
    expect(await codeSentTo('taken@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers 107 with the seconds to wait within 60 s, then sends again', async () => {
    await sendCode({ email: 'again@example.com' });
    t.clock.advance(20_000);
    const res = await t.call('POST', API.seccodeSend, {
      body: { email: 'again@example.com', purpose: 'register' },
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: ErrorCode.RATE_LIMITED, wait_seconds: 40 });
    t.clock.advance(40_000);
    await sendCode({ email: 'again@example.com' });
  });

  it('refuses bad targets with 400 and details, and sends nothing', async () => {
    const before = (await t.ctx.db.select({ n: count() }).from(outbox))[0]!.n;
    for (const body of [
      { email: 'not-an-address', purpose: 'register' },
      { mobile: 'call me', purpose: 'register' },
      { email: 'a@example.com', mobile: '+4917012345', purpose: 'register' },
      { mobile: '+4917012345', purpose: 'hcp_apply' },
      { email: 'a@example.com', purpose: 'other' },
    ]) {
      const res = await t.call('POST', API.seccodeSend, { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ErrorCode.INVALID_INPUT);
      expect((res.body.details as unknown[]).length).toBeGreaterThan(0);
    }
    expect((await t.ctx.db.select({ n: count() }).from(outbox))[0]!.n).toBe(before);
  });
});

describe('OpenAPI', () => {
  it('documents every account endpoint with tags and a summary', async () => {
    type Op = { tags?: string[]; summary?: string };
    const doc = await t.call<{ paths: Record<string, Record<string, Op>> }>('GET', '/api/docs/json');
    const expected: [string, string][] = [
      [API.seccodeSend, 'post'],
      [API.register, 'post'],
      [API.hcpApply, 'post'],
      [API.passwordModify, 'post'],
      [API.passwordResetToken, 'get'],
      [API.passwordReset, 'post'],
      [API.profile, 'get'],
      [API.profile, 'post'],
      [API.portraitUpload, 'post'],
      ['/api/v2.0/person/{uid}/portrait', 'get'],
      [API.security, 'get'],
      [API.security, 'post'],
      [API.termsAccept, 'post'],
    ];
    for (const [path, method] of expected) {
      const op = doc.body.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags!.length).toBeGreaterThan(0);
      expect(op!.summary).toBeTruthy();
    }
  });
});
