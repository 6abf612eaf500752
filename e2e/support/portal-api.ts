import { expect } from 'vitest';
import type { Stage } from './stage';

/**
 * The portal's JSON API as a journey calls it beside the browser: GET without a body, POST with
 * one, signed in with `token`. With `expectOk`, every answer must be 200.
 */
export function portalApi(stage: Stage, { expectOk = false }: { expectOk?: boolean } = {}) {
  return async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(stage.portal.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (expectOk) expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
}
