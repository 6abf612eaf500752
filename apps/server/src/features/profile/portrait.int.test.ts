import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';

let t: TestApp;
const password = 'Gluco$e9x';
let me: { uid: string; token: string };
let other: { uid: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  me = await account('face@example.com');
  other = await account('other@example.com');
});
afterAll(() => t.close());

async function account(username: string) {
  const uid = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username,
    password,
    userType: 'P',
    realname: 'Por Trait',
  });
  const res = await t.call('POST', API.login, { body: { username, password, user_type: 'P' } });
  return { uid, token: res.body.token as string };
}

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([30, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00');

const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;
const upload = (token: string, data_url: string) =>
  t.call('POST', API.portraitUpload, { token, body: { data_url } });
const read = (token: string, uid: string, headers: Record<string, string> = {}) =>
  t.call('GET', API.portrait(uid), { token, headers });

describe('person/portrait (spec §3 "Portrait", §7)', () => {
  it('answers 404 before a portrait exists', async () => {
    const res = await read(me.token, me.uid);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ErrorCode.NOT_FOUND);
  });

  it('stores PNG, JPEG and WebP and serves them privately with their type', async () => {
    for (const [type, bytes] of [
      ['jpeg', JPEG],
      ['webp', WEBP],
      ['png', PNG],
    ] as const) {
      expect((await upload(me.token, dataUrl(type, bytes))).body).toEqual({ error: 0 });
      const res = await read(me.token, me.uid);
      expect(res.status).toBe(200);
      expect(res.raw.headers['content-type']).toBe(`image/${type}`);
      expect(res.raw.headers['cache-control']).toBe('private, no-cache');
      expect(res.raw.rawPayload.equals(bytes)).toBe(true);
    }
    const profile = await t.call('GET', API.profile, { token: me.token });
    expect(profile.body.profile).toMatchObject({ has_portrait: true });
    const etag = (await read(me.token, me.uid)).raw.headers.etag as string;
    expect((await read(me.token, me.uid, { 'if-none-match': etag })).status).toBe(304);
  });

  it('checks the magic bytes: a GIF or SVG labelled PNG is refused and the old portrait stays', async () => {
    const gif = await upload(me.token, dataUrl('png', GIF));
    expect(gif.status).toBe(400);
    expect(gif.body.details).toEqual([{ path: 'data_url', message: 'validation.portrait' }]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(me.token, dataUrl('webp', svg))).status).toBe(400);
    expect((await upload(me.token, dataUrl('gif', GIF))).status).toBe(400);
    expect((await upload(me.token, 'not a data url')).status).toBe(400);
    const res = await read(me.token, me.uid);
    expect(res.raw.headers['content-type']).toBe('image/png');
    expect(res.raw.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an image over 512 KiB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length + 1)]);
    const res = await upload(me.token, dataUrl('png', big));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'data_url', message: 'validation.portraitTooLarge' }]);
    const justFits = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]);
    expect((await upload(other.token, dataUrl('png', justFits))).body.error).toBe(0);
  });

  it('lets only the user read their portrait for now (policy), and needs a session', async () => {
    expect((await read(other.token, me.uid)).status).toBe(403);
    expect((await read(me.token, other.uid)).status).toBe(403);
    expect((await read('forged', me.uid)).status).toBe(401);
    expect((await upload('forged', dataUrl('png', PNG))).status).toBe(401);
  });
});
