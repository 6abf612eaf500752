import { ErrorCode } from '@cgm/domain';

// The one API client (spec §7): Bearer token from session storage, a `_t` timestamp on every GET,
// an optional timeout that aborts and calls back, JSON bodies `{ error, message?, … }`, and the one
// place that sends a user whose session is gone back to a sign-in page.

/** Codes for failures that never reached a JSON answer; the catalogue's codes are all ≥ 0. */
export const CLIENT_CODES = { network: -1, timeout: -2, badResponse: -3, aborted: -4 } as const;

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Anything with zod's safeParse, so callers pass the contract's schemas. */
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface ApiFailure {
  ok: false;
  status: number;
  code: number;
  message?: string;
  body: Record<string, unknown>;
}
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Milliseconds before the request is aborted; DEFAULT_TIMEOUT_MS when not given. */
  timeoutMs?: number;
  onTimeout?: () => void;
  signal?: AbortSignal;
  /** Off for the sign-in calls themselves, whose failures are answers, not lost sessions. */
  authRedirect?: boolean;
  /** A token to use instead of the session's (a sign-in not yet stored: the terms step). */
  token?: string;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  now: () => number;
  /** The sign-in page for the current user's kind (patients /login, HCP /hcpLogin, …). */
  loginPage: () => string;
  /** Clears the session and navigates; called once per failed request. */
  onAuthFailure: (target: string) => void;
  /**
   * The server refused the call until the user agrees to the updated terms (error 108, spec §5):
   * the session stays, the terms step is shown (/refresh asks for the agreement).
   */
  onTermsRequired?: () => void;
}

/**
 * Where a failed call sends the user (spec §8 "Other codes"): error 12 → /hcpLogin, error 14 →
 * /login, a rejected token (HTTP 401 or error 101) → the sign-in page of the user's kind.
 */
export function authRedirectTarget(status: number, code: number, loginPage: string): string | null {
  if (code === ErrorCode.TOKEN_INVALID_HCP) return '/hcpLogin';
  if (code === ErrorCode.TOKEN_INVALID) return '/login';
  if (status === 401 || code === ErrorCode.UNAUTHORIZED) return loginPage;
  return null;
}

export function buildUrl(path: string, query: RequestOptions['query'], stamp?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  if (stamp !== undefined) params.set('_t', String(stamp));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** `/a//b` or `/a/b/`: a path part (usually an id) is empty. */
export function hasEmptySegment(path: string): boolean {
  const pathname = path.split('?')[0]!;
  return pathname.includes('//') || (pathname.length > 1 && pathname.endsWith('/'));
}

function failure(status: number, code: number, body: Record<string, unknown> = {}): ApiFailure {
  const message = typeof body.message === 'string' ? body.message : undefined;
  return { ok: false, status, code, body, ...(message ? { message } : {}) };
}

export function createApiClient(deps: ApiClientDeps) {
  async function send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    opts: RequestOptions,
  ): Promise<{ res: Response } | { fail: ApiFailure }> {
    // A path with an empty segment names no one (`patients//profile`: an id that was never there):
    // it is refused here, before any request leaves the browser.
    if (hasEmptySegment(path)) return { fail: failure(0, ErrorCode.INVALID_INPUT) };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      opts.onTimeout?.();
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const outer = opts.signal;
    const forward = () => controller.abort();
    outer?.addEventListener('abort', forward);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = opts.token ?? deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const url = buildUrl(path, opts.query, method === 'GET' ? deps.now() : undefined);
    try {
      const init: RequestInit = { method, headers, signal: controller.signal, credentials: 'same-origin' };
      if (body !== undefined) init.body = JSON.stringify(body);
      return { res: await deps.fetch(url, init) };
    } catch {
      if (timedOut) return { fail: failure(0, CLIENT_CODES.timeout) };
      if (outer?.aborted) return { fail: failure(0, CLIENT_CODES.aborted) };
      return { fail: failure(0, CLIENT_CODES.network) };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  function checkAuth(status: number, code: number, opts: RequestOptions): void {
    if (opts.authRedirect === false) return;
    if (code === ErrorCode.TERMS_REQUIRED && deps.getToken()) return deps.onTermsRequired?.();
    const target = authRedirectTarget(status, code, deps.loginPage());
    if (target) deps.onAuthFailure(target);
  }

  async function json<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: Schema<T> | undefined,
    opts: RequestOptions,
  ): Promise<ApiResult<T>> {
    const sent = await send(method, path, body, opts);
    if ('fail' in sent) return sent.fail;
    const { res } = sent;
    let parsed: unknown;
    try {
      parsed = await res.json();
    } catch {
      parsed = undefined;
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof (parsed as { error?: unknown }).error !== 'number'
    ) {
      const code = res.status === 401 ? ErrorCode.UNAUTHORIZED : CLIENT_CODES.badResponse;
      checkAuth(res.status, code, opts);
      return failure(res.status, code);
    }
    const obj = parsed as Record<string, unknown> & { error: number };
    if (obj.error !== 0 || !res.ok) {
      const code = obj.error !== 0 ? obj.error : ErrorCode.INTERNAL;
      checkAuth(res.status, code, opts);
      return failure(res.status, code, obj);
    }
    if (!schema) return { ok: true, status: res.status, data: obj as T };
    const checked = schema.safeParse(obj);
    if (!checked.success) return failure(res.status, CLIENT_CODES.badResponse, obj);
    return { ok: true, status: res.status, data: checked.data };
  }

  return {
    get<T = Record<string, unknown>>(path: string, schema?: Schema<T>, opts: RequestOptions = {}) {
      return json<T>('GET', path, undefined, schema, opts);
    },
    post<T = Record<string, unknown>>(
      path: string,
      body: unknown,
      schema?: Schema<T>,
      opts: RequestOptions = {},
    ) {
      return json<T>('POST', path, body ?? {}, schema, opts);
    },
    /** A binary resource (the portrait) fetched with the token, for a blob: URL. */
    async getBlob(path: string, opts: RequestOptions = {}): Promise<ApiResult<Blob>> {
      const sent = await send('GET', path, undefined, opts);
      if ('fail' in sent) return sent.fail;
      const { res } = sent;
      if (!res.ok) {
        const code = res.status === 401 ? ErrorCode.UNAUTHORIZED : ErrorCode.NOT_FOUND;
        checkAuth(res.status, code, opts);
        return failure(res.status, code);
      }
      return { ok: true, status: res.status, data: await res.blob() };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
