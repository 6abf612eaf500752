import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from './security-headers';

/** What helmet's own middleware sets on a real response. */
function helmetOnARealResponse(): Record<string, unknown> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'something');
  helmet(SECURITY_HEADER_OPTIONS)(req, res, (err?: unknown) => {
    if (err) throw err;
  });
  return res.getHeaders();
}

describe('security headers', () => {
  it('are exactly the headers helmet sets on a real response', () => {
    const real = helmetOnARealResponse();
    expect(real['x-powered-by']).toBeUndefined();
    expect(securityHeaders(SECURITY_HEADER_OPTIONS)).toEqual(real);
  });

  it("carry the web app's content security policy and the transport headers", () => {
    const h = securityHeaders(SECURITY_HEADER_OPTIONS);
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuse options helmet refuses, at start rather than on every request', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], 'bad name': ['x'] } },
      }),
    ).toThrow();
  });
});
