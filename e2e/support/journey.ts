import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { API } from '../../packages/contract/src/paths';
import type { startMailServer } from './mail-server';

// What every journey needs besides the portal, the mail server and the browser: the texts the
// screens show (read from the web app's locale files, so a reworded message changes one file),
// fresh user names, accounts made through the public API, sign-in, and screenshots.

type MailServer = Awaited<ReturnType<typeof startMailServer>>;

const LOCALES = new URL('../../apps/web/src/i18n/locales/', import.meta.url);
const loaded = new Map<string, Record<string, unknown>>();

/** The text of `key` in `language` (the web app's locales/<language>.json), {{placeholders}} filled in. */
export function textIn(language: string, key: string, params: Record<string, string | number> = {}): string {
  let messages = loaded.get(language);
  if (!messages) {
    messages = JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8')) as Record<
      string,
      unknown
    >;
    loaded.set(language, messages);
  }
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`${language}.json has no text "${key}"`);
  return value.replace(/\{\{\s*(\w+)(?:\s*,\s*\w+)?\s*\}\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`${language}.json "${key}" needs {{${name}}}`);
    return String(params[name]);
  });
}

/** The English text of `key`, as the screen shows it. */
export const en = (key: string, params: Record<string, string | number> = {}) => textIn('en', key, params);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form field labelled `text` (a required field's label adds " *" and a hidden "(required)"). */
export function field(page: Page, text: string): Locator {
  return page.getByLabel(
    new RegExp(`^${escapeRegExp(text)}(?:\\s*\\*)?(?:\\s*\\(${en('common.required')}\\))?$`),
  );
}

/** A user name nobody has used yet, in any run. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Valid passwords (spec §5: 8 to 20 characters, 3 kinds, no runs such as abc or 123). */
export const PASSWORDS = { first: 'Gluco$e9x', second: 'Pump!Tide7', wrong: 'Wrong#Key5' } as const;

async function postJson(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/**
 * A patient or carer account made through the public registration API, with the code from the
 * real mail, for journeys about something other than registration.
 */
export async function registerByApi(
  portalUrl: string,
  mail: MailServer,
  account: { email: string; password: string; realname: string; type?: 'P' | 'M' },
): Promise<void> {
  const config = (await (await fetch(`${portalUrl}${API.config}`)).json()) as { terms_version: string };
  const before = mail.countTo(account.email);
  const sent = await postJson(`${portalUrl}${API.seccodeSend}`, {
    email: account.email,
    purpose: 'register',
    language: 'en',
  });
  if (typeof sent.token !== 'string') throw new Error(`seccode/send answered ${JSON.stringify(sent)}`);
  const code = await mail.waitForCode(account.email, before);
  const done = await postJson(`${portalUrl}${API.register}`, {
    account_type: account.type ?? 'P',
    email: account.email,
    seccode_token: sent.token,
    code,
    realname: account.realname,
    password: account.password,
    // An adult: the server refuses a registration without a birth date (under-16 consent).
    birthday: '1990-01-15',
    country: 'GB',
    language: 'en',
    agree_terms: true,
    terms_version: config.terms_version,
  });
  if (done.error !== 0) throw new Error(`regist answered ${JSON.stringify(done)}`);
}

/** Fills in a sign-in page and submits it. */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await field(page, en('login.username')).fill(username);
  await field(page, en('login.password')).fill(password);
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
}

/** Submits a sign-in page and waits for the server's answer; returns its error code. */
export async function signInAnswer(page: Page, username: string, password: string): Promise<number> {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === API.login && r.request().method() === 'POST',
  );
  await submitSignIn(page, username, password);
  const body = (await (await answer).json()) as { error: number };
  return body.error;
}

/** Waits until the address bar shows `path` (the query and hash are not compared). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The signed-in header's user menu: its button is named by the user name. */
export function userMenuButton(page: Page, username: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: username, exact: true });
}

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** A full-page screenshot in e2e/artifacts/ (kept out of git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
}
