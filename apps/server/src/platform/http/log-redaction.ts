import type { FastifyRequest } from 'fastify';

// What the server logs about a request or a failure: never the query string (search words, names,
// credentials), never an error's message or its query parameters (a failing SQL statement's
// message carries its parameters: names, patient ids, glucose values with their times).

/** The request URL as logged: its path only; the query string is left out whole. */
export function loggedPath(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** Fastify's request log line (headers and bodies are never logged). */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggedPath(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A database's error class (SQLSTATE, five characters) found on the error or its causes. */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An error as logged: its class, its SQLSTATE or error code, and where it was thrown (the stack's
 * frames), but not its message, which for a failed query holds the statement's parameters.
 */
export function errorLogSerializer(err: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const message = 'withheld: an error message may hold personal data';
  if (!(err instanceof Error)) return { type: typeof err, message, stack: '' };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message,
    ...(typeof code === 'string' && /^[A-Z_0-9]+$/.test(code) ? { code } : {}),
    ...(sqlState(err) ? { sqlState: sqlState(err) } : {}),
    stack: (err.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}
