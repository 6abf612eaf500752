import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@cgm/domain';
import { loginResponse, profileResponse } from '@cgm/contract';
import { authRedirectTarget, buildUrl, CLIENT_CODES, createApiClient, type ApiClientDeps } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(reply: (call: Call) => Response | Promise<Response>, over: Partial<ApiClientDeps> = {}) {
  const calls: Call[] = [];
  const onAuthFailure = vi.fn();
  const deps: ApiClientDeps = {
    fetch: (async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return reply(call);
    }) as typeof fetch,
    getToken: () => 'tok123',
    now: () => 1700000000000,
    loginPage: () => '/hcpLogin',
    onAuthFailure,
    ...over,
  };
  return { api: createApiClient(deps), calls, onAuthFailure };
}

describe('paths with an empty id', () => {
  it.each(['/api/v2.0/patients//profile', '/api/v2.0/events/', '/api/v2.0/patients//profile?x=1'])(
    '%s is refused without a request',
    async (path) => {
      const { api, calls } = setup(() => jsonResponse(200, { error: 0 }));
      expect(await api.get(path)).toMatchObject({ ok: false, status: 0, code: ErrorCode.INVALID_INPUT });
      expect(await api.post(path, {})).toMatchObject({ ok: false, code: ErrorCode.INVALID_INPUT });
      expect(await api.getBlob(path)).toMatchObject({ ok: false, code: ErrorCode.INVALID_INPUT });
      expect(calls).toEqual([]);
    },
  );
  it('lets a whole path through', async () => {
    const { api, calls } = setup(() => jsonResponse(200, { error: 0 }));
    expect(await api.get('/api/v2.0/patients/p1/profile')).toMatchObject({ ok: true });
    expect(calls).toHaveLength(1);
  });
});

describe('requests', () => {
  it('sends the Bearer token and a _t timestamp on GET', async () => {
    const { api, calls } = setup(() => jsonResponse(200, { error: 0 }));
    await api.get('/api/v2.0/session', undefined, { query: { a: 1, b: undefined } });
    expect(calls[0]!.url).toBe('/api/v2.0/session?a=1&_t=1700000000000');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok123');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('sends JSON on POST without a timestamp and without a token when signed out', async () => {
    const { api, calls } = setup(() => jsonResponse(200, { error: 0 }), { getToken: () => null });
    await api.post('/api/v2.0/login', { username: 'a' });
    expect(calls[0]!.url).toBe('/api/v2.0/login');
    expect(calls[0]!.init.body).toBe('{"username":"a"}');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('parses a success with the contract schema', async () => {
    const { api } = setup(() => jsonResponse(200, { error: 0, uid: 'u1', user_type: 'P', token: 't' }));
    const r = await api.post('/api/v2.0/login', {}, loginResponse);
    expect(r.ok && r.data.user_type).toBe('P');
  });

  it('reports a body that does not match the schema as a bad response', async () => {
    const { api } = setup(() => jsonResponse(200, { error: 0, profile: { nope: true } }));
    const r = await api.get('/api/v2.0/person/profile', profileResponse);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe(CLIENT_CODES.badResponse);
  });

  it('returns error codes with the body (login failures answer 200)', async () => {
    const { api, onAuthFailure } = setup(() => jsonResponse(200, { error: 9, attempts_left: 2 }));
    const r = await api.post('/api/v2.0/login', {}, loginResponse, { authRedirect: false });
    expect(r).toMatchObject({ ok: false, code: 9, body: { attempts_left: 2 } });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('keeps the message key of a failure', async () => {
    const { api } = setup(() => jsonResponse(400, { error: 100, message: 'validation.code' }));
    const r = await api.post('/x', {});
    expect(r).toMatchObject({ ok: false, status: 400, code: 100, message: 'validation.code' });
  });

  it('treats a non-JSON answer as a bad response', async () => {
    const { api } = setup(() => new Response('<html>', { status: 502 }));
    const r = await api.get('/x');
    expect(r).toMatchObject({ ok: false, status: 502, code: CLIENT_CODES.badResponse });
  });

  it('reports a network failure', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const r = await api.get('/x');
    expect(r).toMatchObject({ ok: false, code: CLIENT_CODES.network });
  });

  it('fetches a blob with the token', async () => {
    const { api, calls } = setup(() => new Response(new Blob(['png']), { status: 200 }));
    const r = await api.getBlob('/api/v2.0/person/u1/portrait');
    expect(r.ok).toBe(true);
    expect(calls[0]!.url).toMatch(/_t=/);
  });
});

describe('timeout', () => {
  it('aborts and calls onTimeout', async () => {
    const { api } = setup(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const onTimeout = vi.fn();
    const r = await api.get('/slow', undefined, { timeoutMs: 5, onTimeout });
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(r).toMatchObject({ ok: false, code: CLIENT_CODES.timeout });
  });

  it('reports a caller abort as aborted, not as a timeout', async () => {
    const controller = new AbortController();
    const { api } = setup(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          controller.abort();
        }),
    );
    const onTimeout = vi.fn();
    const r = await api.get('/x', undefined, { signal: controller.signal, onTimeout });
    expect(r).toMatchObject({ ok: false, code: CLIENT_CODES.aborted });
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('lost sessions', () => {
  it.each([
    [401, { error: 101 }, '/hcpLogin'],
    [401, { error: 14 }, '/login'],
    [401, { error: 12 }, '/hcpLogin'],
    [200, { error: 101 }, '/hcpLogin'],
    [200, { error: 14 }, '/login'],
    [200, { error: 12 }, '/hcpLogin'],
    [401, 'not json', '/hcpLogin'],
  ])('HTTP %i %o → %s', async (status, body, target) => {
    const { api, onAuthFailure } = setup(() =>
      typeof body === 'string' ? new Response(body, { status }) : jsonResponse(status, body),
    );
    await api.get('/api/v2.0/patients');
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith(target);
  });

  it.each([
    [400, { error: 100 }],
    [403, { error: 102 }],
    [404, { error: 103 }],
    [409, { error: 26 }],
    [500, { error: 500 }],
    [200, { error: 0 }],
  ])('HTTP %i %o does not redirect', async (status, body) => {
    const { api, onAuthFailure } = setup(() => jsonResponse(status, body));
    await api.get('/x');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('does not redirect when the call opts out', async () => {
    const { api, onAuthFailure } = setup(() => jsonResponse(401, { error: 101 }));
    await api.post('/api/v2.0/login/mfa', {}, undefined, { authRedirect: false });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('asks for the updated terms on error 108 and keeps the session', async () => {
    const onTermsRequired = vi.fn();
    const { api, onAuthFailure } = setup(() => jsonResponse(403, { error: 108 }), { onTermsRequired });
    await api.get('/x');
    expect(onTermsRequired).toHaveBeenCalledOnce();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('redirects on a 401 portrait', async () => {
    const { api, onAuthFailure } = setup(() => new Response('', { status: 401 }));
    await api.getBlob('/p');
    expect(onAuthFailure).toHaveBeenCalledWith('/hcpLogin');
  });
});

describe('authRedirectTarget', () => {
  it.each([
    [200, 0, null],
    [200, 9, null],
    [401, 0, '/x'],
    [200, 101, '/x'],
    [403, 12, '/hcpLogin'],
    [200, 14, '/login'],
  ] as const)('%i/%i → %s', (status, code, target) => {
    expect(authRedirectTarget(status, code, '/x')).toBe(target);
  });
});

describe('buildUrl', () => {
  it('appends to an existing query', () => {
    expect(buildUrl('/a?x=1', { y: 'z w' }, 5)).toBe('/a?x=1&y=z+w&_t=5');
    expect(buildUrl('/a', {})).toBe('/a');
  });
});
