import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, loadConfig } from './config';

describe('configuration from the environment (DESIGN.md conventions)', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', REGION: 'eu', LOG_LEVEL: 'info' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('listens on loopback and believes no X-Forwarded-For unless told to', () => {
    const c = loadConfig({});
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the embedded database in apps/server/data unless told another folder', () => {
    expect(loadConfig({}).DATA_DIR).toBe(DEFAULT_DATA_DIR);
    expect(DEFAULT_DATA_DIR.replaceAll('\\', '/')).toMatch(/apps\/server\/data$/);
  });

  it('takes a relative DATA_DIR from where the command was typed, not from apps/server', () => {
    expect(loadConfig({ DATA_DIR: 'mydata', INIT_CWD: '/home/me/portal' }).DATA_DIR).toBe(
      join('/home/me/portal', 'mydata'),
    );
    expect(loadConfig({ DATA_DIR: '/srv/cgm' }).DATA_DIR).toBe('/srv/cgm');
  });

  it('reads and coerces values', () => {
    const c = loadConfig({ PORT: '9000', REGION: 'china', DATABASE_URL: 'postgres://u@h:5432/d' });
    expect(c.PORT).toBe(9000);
    expect(c.REGION).toBe('china');
    expect(c.DATABASE_URL).toBe('postgres://u@h:5432/d');
  });

  it('gives mails and apps the address of the port it listens on, unless told another', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8092' }).PUBLIC_URL).toBe('http://localhost:8092');
    expect(loadConfig({ PORT: '8092', PUBLIC_URL: 'https://cgm.example' }).PUBLIC_URL).toBe(
      'https://cgm.example',
    );
  });

  it('stops with a message naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', REGION: 'mars' })).toThrow(
      /PORT[\s\S]*REGION|REGION[\s\S]*PORT/,
    );
  });
});
