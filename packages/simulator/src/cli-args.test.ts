import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args';

const NOW = Date.UTC(2025, 5, 1, 12);

describe('simulate command line', () => {
  it('has defaults for everything but the credentials', () => {
    expect(parseCli(['--device-token', 't'], NOW)).toEqual({
      url: 'http://localhost:8080',
      deviceToken: 't',
      username: null,
      password: null,
      seed: 7,
      speed: 1,
      historyDays: 0,
      start: NOW,
      hours: null,
      batchSize: 1000,
    });
  });

  it('starts an accelerated stream a day back, or at --start', () => {
    const o = parseCli(
      ['--username', 'p@x', '--password', 'pw', '--speed', '60', '--seed', '3', '--history-days', '14'],
      NOW,
    );
    expect(o).toMatchObject({
      speed: 60,
      seed: 3,
      historyDays: 14,
      start: NOW - 24 * 3_600_000,
      username: 'p@x',
    });
    expect(parseCli(['--device-token', 't', '--start', '2025-06-01T10:00:00Z'], NOW)).toMatchObject({
      start: Date.UTC(2025, 5, 1, 10),
    });
  });

  it('refuses missing credentials, bad numbers, a future start and unknown options', () => {
    expect(() => parseCli([], NOW)).toThrow(/device-token/);
    expect(() => parseCli(['--username', 'u'], NOW)).toThrow(/password/);
    expect(() => parseCli(['--device-token', 't', '--speed', '0'], NOW)).toThrow(/speed/);
    expect(() => parseCli(['--device-token', 't', '--seed', 'x'], NOW)).toThrow(/seed/);
    expect(() => parseCli(['--device-token', 't', '--start', '2030-01-01T00:00:00Z'], NOW)).toThrow(/future/);
    expect(() => parseCli(['--device-token', 't', '--nope'], NOW)).toThrow();
    expect(parseCli(['--help'], NOW)).toBe('help');
  });
});
