import { createHash } from 'node:crypto';
import { NS_API } from '@cgm/contract';
import type { TestApp } from './test-app';

// Test helpers: the app on a real port, a client that speaks HTTP like the Nightscout apps do, and
// a credential created through the portal exactly as a patient would.

/** A JSON answer, read loosely: tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON
type Body = any;

export interface Http {
  base: string;
  req(
    method: string,
    path: string,
    opts?: { headers?: Record<string, string>; body?: unknown },
  ): Promise<{ status: number; body: Body; headers: Headers }>;
}

export async function listen(t: TestApp): Promise<Http> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: address,
    async req(method, path, opts = {}) {
      const res = await fetch(`${address}${path}`, {
        method,
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
  };
}

export const sha1 = (v: string) => createHash('sha1').update(v).digest('hex');

export async function newCredential(
  t: TestApp,
  patientId: string,
  token: string,
  permission: 'read' | 'readwrite',
  name = 'xDrip+',
) {
  const res = await t.call('POST', NS_API.credentials(patientId), { token, body: { name, permission } });
  if (res.status !== 200) throw new Error(`credential: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { token: string; api_secret_sha1: string; credential: { id: string } };
}

/** xDrip+'s local dateString (yyyy-MM-dd'T'HH:mm:ss.SSSZ) for a UTC offset in minutes. */
export function xdripDateString(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, 23);
  const sign = offsetMin < 0 ? '-' : '+';
  const a = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/**
 * An uploader of the patient over real HTTP: its v1 secret header, a v3 bearer token of the same
 * credential, and GET/POST of v1 that expect 200.
 */
export async function uploaderSession(t: TestApp, patientId: string, token: string) {
  const http = await listen(t);
  const cred = await newCredential(t, patientId, token, 'readwrite', 'xDrip+');
  const h = { 'api-secret': cred.api_secret_sha1 };
  const jwt = await http.req('GET', `/api/v2/authorization/request/${cred.token}`);
  const v3 = { authorization: `Bearer ${String(jwt.body.token)}` };
  const get = async (path: string): Promise<Array<Record<string, unknown>>> => {
    const res = await http.req('GET', path, { headers: h });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    return res.body as Array<Record<string, unknown>>;
  };
  const post = async (body: unknown[]): Promise<Array<Record<string, unknown>>> => {
    const res = await http.req('POST', '/api/v1/entries', { headers: h, body });
    if (res.status !== 200) throw new Error(`POST entries: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Array<Record<string, unknown>>;
  };
  return { http, h, v3, get, post };
}
