import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials (Nightscout `?token=`, OAuth codes): never logged. */
const SECRET_PARAMS =
  /([?&](?:token|secret|api_secret|access_token|refresh_token|code|code_verifier)=)[^&#]*/gi;

/** The request URL as logged: credential values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log line, with the URL redacted (headers are never logged). */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
