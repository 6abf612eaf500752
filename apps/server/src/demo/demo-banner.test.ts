import { describe, expect, it } from 'vitest';
import { isLoopback, publicDemoWarning } from './demo-banner';

describe('the demo on a public interface (issue 20)', () => {
  it('counts only loopback addresses as private', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example'])
      expect(isLoopback(host), host).toBe(false);
  });

  it('warns with the address and how to keep the demo private', () => {
    const text = publicDemoWarning('0.0.0.0');
    expect(text).toContain('0.0.0.0');
    expect(text).toContain('HOST=127.0.0.1');
    expect(text).toContain('SEED_DEMO=0');
  });
});
