import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { outbox } from '../db/schema';

// SMS through the HTTP gateway of SMS_URL (docs/OPERATIONS.md), against a receiver on loopback:
// registration and password reset by mobile number complete with the code the gateway was given,
// and a gateway that refuses answers "Sending failed." (113) without blocking the next try.

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string; from?: string };
}

let t: TestApp;
let gateway: Server;
const received: Received[] = [];
let answerStatus = 200;
const PASSWORD = 'Mobile#2026x';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  gateway = createServer((req, res) => {
    void readBody(req).then((text) => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(text) as Received['body'],
      });
      res.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  t = await createTestApp({
    SMS_URL: `http://portal:s3cret@127.0.0.1:${port}/v1/sms`,
    SMS_FROM: 'CGMPortal',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answerStatus = 200;
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

describe('the SMS gateway (SMS_URL)', () => {
  it('registers by mobile number with the code the gateway delivered', async () => {
    const mobile = '+44 7700 900555';
    const sent = await t.call('POST', API.seccodeSend, {
      body: { mobile, purpose: 'register', language: 'de' },
    });
    expect(sent.body).toMatchObject({ error: 0, token: expect.any(String) });

    expect(received).toHaveLength(1);
    const [sms] = received;
    expect(sms!.path).toBe('/v1/sms');
    expect(sms!.authorization).toBe(`Basic ${Buffer.from('portal:s3cret').toString('base64')}`);
    expect(sms!.contentType).toBe('application/json');
    expect(sms!.body).toMatchObject({ to: mobile, from: 'CGMPortal' });
    const [row] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, mobile));
    expect(row!.sentAt).not.toBeNull();

    const res = await t.call('POST', API.register, {
      body: {
        account_type: 'P',
        mobile,
        seccode_token: sent.body.token,
        code: codeIn(sms!.body.text),
        realname: 'Mo Bile',
        password: PASSWORD,
        country: 'GB',
        language: 'en',
        agree_terms: true,
        terms_version: t.ctx.config.TERMS_VERSION,
        birthday: '1990-01-15',
      },
    });
    expect(res.body).toMatchObject({ error: 0, username: mobile });
    const login = await t.call('POST', API.login, {
      body: { username: mobile, password: PASSWORD, user_type: 'P' },
    });
    expect(login.body.error).toBe(0);
  });

  it('resets the password of a mobile account with the texted code', async () => {
    const mobile = '+44 7700 900555';
    const step = await t.call('GET', `${API.passwordResetToken}?username=${encodeURIComponent(mobile)}&t=1`);
    expect(step.body).toMatchObject({ error: 0, token: expect.any(String) });
    expect(received).toHaveLength(1);
    const done = await t.call('POST', API.passwordReset, {
      body: { token: step.body.token, code: codeIn(received[0]!.body.text), password: 'Changed#2026y' },
    });
    expect(done.body).toEqual({ error: 0 });
  });

  it('answers 113 "Sending failed." when the gateway refuses, and sends on the next try', async () => {
    const mobile = '+44 7700 900777';
    answerStatus = 503;
    const refused = await t.call('POST', API.seccodeSend, { body: { mobile, purpose: 'register' } });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe(ErrorCode.SEND_FAILED);
    const [row] = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, mobile));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toContain('503');

    // Nothing was delivered, so the 60-second wait does not apply.
    answerStatus = 200;
    const again = await t.call('POST', API.seccodeSend, { body: { mobile, purpose: 'register' } });
    expect(again.body).toMatchObject({ error: 0 });
    expect(received).toHaveLength(2);
  });
});
