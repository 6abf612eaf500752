// SMS delivery through an HTTP gateway (SMS_URL). The request, documented in docs/OPERATIONS.md:
//
//   POST <SMS_URL without its user and password>
//   Authorization: Basic base64(user:password)      (only when SMS_URL carries them)
//   Content-Type: application/json
//   {"to": "+491701234567", "text": "…", "from": "<SMS_FROM>"}   ("from" only when SMS_FROM is set)
//
// Any 2xx answer means the gateway took the message; anything else, or no answer within the
// timeout, is a failed delivery. Most SMS providers take this shape directly or through a small
// relay, so the portal needs no provider-specific code.

export interface SmsGateway {
  /** Resolves when the gateway accepted the message; rejects with the reason otherwise. */
  send(to: string, text: string): Promise<void>;
}

export const SMS_TIMEOUT_MS = 10_000;

export function createSmsGateway(
  smsUrl: string,
  opts: { from?: string; timeoutMs?: number; fetch?: typeof globalThis.fetch } = {},
): SmsGateway {
  const url = new URL(smsUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    // The credentials travel in the header only, never in the request line or a log.
    url.username = '';
    url.password = '';
  }
  const target = url.toString();
  const doFetch = opts.fetch ?? globalThis.fetch;
  return {
    async send(to, text) {
      const body = JSON.stringify({ to, text, ...(opts.from ? { from: opts.from } : {}) });
      const res = await doFetch(target, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? SMS_TIMEOUT_MS),
      });
      // Drain the answer so the connection can be reused; its content is not needed.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}
