import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { API } from '@cgm/contract';
import { defaultAlertSettings } from '@cgm/domain';
import { alertLog, pushSubscriptions } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createPeople, registerDevice, type People } from '../../../test-support/people';
import { decryptWebPush } from '../../../test-support/web-push-decrypt';

// Protocol test (issue 16): a loopback push service receives the server's Web Push message and
// decrypts it as a browser would, with the subscription's own keys (RFC 8291 aes128gcm, RFC 8188),
// and checks the VAPID authorisation (RFC 8292) against the server's public key.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Checks the VAPID JWT's ES256 signature with the key `k` the header names; returns its claims. */
function vapidClaims(authorization: string): { claims: Record<string, unknown>; key: string } {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  expect(m).not.toBeNull();
  const [header, payload, signature] = m![1]!.split('.');
  const raw = Buffer.from(m![2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  return { claims: JSON.parse(Buffer.from(payload!, 'base64url').toString()), key: m![2]! };
}

let t: TestApp;
let p: People;
let server: Server;
let origin: string;
const received: Received[] = [];
let answer = 201;
const T0 = Date.parse('2026-11-26T12:00:00Z');

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  t.clock.set(new Date(T0));
  p = await createPeople(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('Web Push delivery', () => {
  it('sends an RFC 8291 message the subscription’s keys decrypt, with a valid VAPID signature', async () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const authSecret = randomBytes(16);
    const sub = await t.call('POST', API.pushSubscriptions, {
      token: p.tokens.carer,
      body: {
        endpoint: `${origin}/push/carer-1`,
        keys: { p256dh: b64url(ua.getPublicKey()), auth: b64url(authSecret) },
      },
    });
    expect(sub.status).toBe(200);
    const on = await t.call('POST', API.alertSettings(p.ids.patient), {
      token: p.tokens.carer,
      body: { on: true, settings: defaultAlertSettings('mg/dL') },
    });
    expect(on.status).toBe(200);

    const device = await registerDevice(t, p.tokens.patient, 'TX-1');
    await device.ingest([{ type: 'sg', serial: 'TX-1', utc_offset_min: 0, seq: 1, time: T0, mgdl: 45 }]);
    await t.app.alertEngine.idle();

    expect(received).toHaveLength(1);
    const msg = received[0]!;
    expect(msg.path).toBe('/push/carer-1');
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    expect(msg.headers['urgency']).toBe('high');
    expect(Number(msg.headers['ttl'])).toBeGreaterThan(0);
    const payload = JSON.parse(decryptWebPush(msg.body, ua, authSecret)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      patientId: p.ids.patient,
      urgent: true,
      url: `/monitor?uid=${p.ids.patient}`,
    });
    expect(payload.title).toContain('urgent low glucose');

    const { claims, key } = vapidClaims(String(msg.headers.authorization));
    const published = await t.call<{ publicKey: string }>('GET', API.pushKey, { token: p.tokens.carer });
    expect(key).toBe(published.body.publicKey);
    expect(claims.aud).toBe(origin);
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);
  });

  it('forgets a subscription the push service says is gone (410), and falls back to e-mail', async () => {
    answer = 410;
    t.clock.set(new Date(T0 + 5 * 60_000));
    await t.app.alertEngine.sweep();
    expect(received).toHaveLength(2);
    const left = await t.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, p.ids.carer));
    expect(left).toEqual([]);
    const deliveries = await t.ctx.db
      .select()
      .from(alertLog)
      .where(and(eq(alertLog.followerId, p.ids.carer), eq(alertLog.action, 'deliver')))
      .orderBy(asc(alertLog.id));
    // The first alert went by push only; the repeat's push failed, so it went by e-mail too.
    expect(deliveries.map((d) => `${d.channel}:${d.outcome}`)).toEqual([
      'inApp:sent',
      'push:sent',
      'inApp:sent',
      'push:failed',
      'email:sent',
    ]);
  });
});
