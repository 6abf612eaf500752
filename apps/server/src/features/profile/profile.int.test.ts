import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import { API } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAccount } from '../../accounts/create-account';
import { profiles, users } from '../../platform/db/schema';

let t: TestApp;
const password = 'Gluco$e9x';
let token: string;
let uid: string;

beforeAll(async () => {
  t = await createTestApp();
  uid = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username: 'pro@example.com',
    password,
    userType: 'P',
    realname: 'Pro File',
    createdBy: 'register',
  });
  token = await signIn('pro@example.com');
});
afterAll(() => t.close());

async function signIn(username: string): Promise<string> {
  const res = await t.call('POST', API.login, { body: { username, password, user_type: 'P' } });
  expect(res.body.error).toBe(0);
  return res.body.token as string;
}
const getProfile = async () =>
  (await t.call('GET', API.profile, { token })).body.profile as Record<string, unknown>;
const save = (body: unknown) => t.call('POST', API.profile, { token, body });

describe('person/profile (spec §3 "Profile", §7)', () => {
  it('answers the own profile', async () => {
    const res = await t.call('GET', API.profile, { token });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      uid,
      username: 'pro@example.com',
      user_type: 'P',
      realname: 'Pro File',
      email: 'pro@example.com',
      mobile: null,
      gender: 'unspecified',
      country: 'GB',
      language: 'en',
      created_by: 'register',
      has_portrait: false,
      mfa: false,
      show_glucose: true,
      created_at: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const profile = res.body.profile as { created_at: string; date: string };
    expect(profile.date).toBe(profile.created_at.slice(0, 10));
    expect((await t.call('GET', API.profile)).status).toBe(401);
  });

  it('saves every field and reads them back; empty strings clear', async () => {
    const fields = {
      realname: 'Renamed Person',
      alias: 'Ren',
      gender: 'female',
      height: 172.5,
      weight: 64,
      diabetes_type: 'lada',
      address: '1 High Street, Leeds',
      zipcode: '10115', // with country DE below: a German postcode
      mobile: '+44 7700 900456',
      telephone: '0113 496 0000',
      serve_for: 'Leeds Diabetes Centre',
      major: 'nurse',
      organisation: 'NHS Leeds',
      bio: 'Type 1 since childhood.',
      birthday: '1985-07-14',
      diabetes_diagnosis_date: '1994-03-01',
      country: 'DE',
      language: 'de',
    };
    const res = await save(fields);
    expect(res.body).toMatchObject({ error: 0, profile: fields });
    expect(await getProfile()).toMatchObject(fields);

    const cleared = await save({ alias: '', address: '', zipcode: '', bio: null, birthday: null });
    expect(cleared.body.profile).toMatchObject({
      alias: null,
      address: null,
      zipcode: null,
      bio: null,
      birthday: null,
    });
    // Fields not sent stay as they were.
    expect(cleared.body.profile).toMatchObject({ realname: 'Renamed Person', height: 172.5, country: 'DE' });
  });

  it('answers 400 "Input error" with details for bad fields and changes nothing', async () => {
    const before = await getProfile();
    const res = await save({
      realname: 'A',
      zipcode: '12AB',
      mobile: 'phone me',
      birthday: '2099-01-01',
      alias: 'Changed',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: ErrorCode.INVALID_INPUT, message: 'messages.inputError' });
    const paths = (res.body.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['birthday', 'mobile', 'realname', 'zipcode']);
    expect((await save({ height: 5 })).status).toBe(400);
    expect((await save({ gender: 'other' })).status).toBe(400);
    expect(await getProfile()).toEqual(before);
  });

  it('saves other fields when the form resends a stored name the rule refuses, and takes Anne-Marie', async () => {
    await t.ctx.db.update(profiles).set({ realname: 'J. R. Example' }).where(eq(profiles.userId, uid));
    expect((await save({ realname: 'J. R. Example', alias: 'JR' })).status).toBe(200);
    expect(await getProfile()).toMatchObject({ realname: 'J. R. Example', alias: 'JR' });
    expect((await save({ realname: 'J. S. Example' })).status).toBe(400);
    expect((await save({ realname: 'Anne-Marie O’Neil' })).status).toBe(200);
    expect(await getProfile()).toMatchObject({ realname: 'Anne-Marie O’Neil' });
    expect((await save({ alias: '' })).status).toBe(200);
  });

  it("checks the postcode in the account's country format: a German one here, not China's 6 digits", async () => {
    expect((await save({ zipcode: '80331' })).status).toBe(200);
    const sixDigits = await save({ zipcode: '100083' });
    expect(sixDigits.status).toBe(400);
    expect(JSON.stringify(sixDigits.body.details)).toContain('zipcode');
    expect((await save({ zipcode: '' })).status).toBe(200);
  });

  it('refuses a country served by another region like any bad field', async () => {
    const res = await save({ country: 'FR', alias: 'Moved' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'messages.inputError',
      details: [{ path: 'country', message: 'validation.region' }],
    });
    expect((await save({ country: 'XX' })).body.details).toEqual([
      { path: 'country', message: 'validation.country' },
    ]);
    expect(await getProfile()).toMatchObject({ country: 'DE', alias: null });
  });

  it('keeps a way to reach an account without e-mail: its mobile cannot be cleared', async () => {
    await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: '+44 7700 900999',
      password,
      userType: 'P',
      realname: 'Only Mobile',
    });
    const mobileOnly = await signIn('+44 7700 900999');
    const res = await t.call('POST', API.profile, { token: mobileOnly, body: { mobile: '' } });
    expect(res.body.details).toEqual([{ path: 'mobile', message: 'validation.contactRequired' }]);
  });
});

describe('person/security and person/terms (spec §2, §4, §5)', () => {
  it('toggles MFA and the glucose display; with MFA on, login answers 63', async () => {
    const initial = await t.call('GET', API.security, { token });
    expect(initial.body).toEqual({ error: 0, security: { mfa: false, show_glucose: true } });
    const res = await t.call('POST', API.security, { token, body: { mfa: true, show_glucose: false } });
    expect(res.body).toEqual({ error: 0, security: { mfa: true, show_glucose: false } });
    expect(await getProfile()).toMatchObject({ mfa: true, show_glucose: false });
    const login = await t.call('POST', API.login, {
      body: { username: 'pro@example.com', password, user_type: 'P' },
    });
    expect(login.body.error).toBe(ErrorCode.MFA_REQUIRED);
    const off = await t.call('POST', API.security, { token, body: { mfa: false, show_glucose: true } });
    expect(off.body).toEqual({ error: 0, security: { mfa: false, show_glucose: true } });
    expect((await t.call('POST', API.security, { token, body: { mfa: true } })).status).toBe(400);
  });

  it('refuses MFA for an account with neither e-mail nor mobile', async () => {
    const id = await createAccount(t.ctx.db, {
      termsVersion: t.ctx.config.TERMS_VERSION,
      username: 'nomail@example.com',
      password,
      userType: 'P',
      realname: 'No Mail',
    });
    const own = await signIn('nomail@example.com');
    await t.ctx.db.update(users).set({ email: null, mobile: null }).where(eq(users.id, id));
    const res = await t.call('POST', API.security, { token: own, body: { mfa: true, show_glucose: true } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'mfa', message: 'validation.mfaNeedsContact' }]);
    expect((await t.call('GET', API.security, { token: own })).body).toMatchObject({
      security: { mfa: false },
    });
  });

  it('accepts only the current terms version', async () => {
    const old = await t.call('POST', API.termsAccept, { token, body: { terms_version: '2001-01' } });
    expect(old.status).toBe(403);
    expect(old.body.error).toBe(ErrorCode.TERMS_REQUIRED);
    expect((await t.call('POST', API.termsAccept, { token, body: {} })).status).toBe(400);
    t.clock.advance(5000);
    const res = await t.call('POST', API.termsAccept, {
      token,
      body: { terms_version: t.ctx.config.TERMS_VERSION },
    });
    expect(res.body).toEqual({ error: 0 });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, uid));
    expect(row).toMatchObject({ termsVersion: t.ctx.config.TERMS_VERSION, termsAcceptedAt: t.clock.now() });
    const session = await t.call('GET', API.session, { token });
    expect(session.body.terms_version).toBe(t.ctx.config.TERMS_VERSION);
  });
});
