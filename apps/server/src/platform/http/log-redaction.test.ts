import { describe, expect, it } from 'vitest';
import { errorLogSerializer, loggedPath } from './log-redaction';

describe('loggedPath', () => {
  it('keeps the path and leaves the whole query out', () => {
    expect(loggedPath('/api/v1/entries.json?count=10&token=ro-abc123')).toBe('/api/v1/entries.json');
    expect(loggedPath('/api/v2.0/patients?q=Smith&page=2')).toBe('/api/v2.0/patients');
    expect(loggedPath('/api/v2.0/patients')).toBe('/api/v2.0/patients');
  });
});

describe('errorLogSerializer', () => {
  it('keeps the class, the SQLSTATE and the frames, never the message', () => {
    const cause = Object.assign(new Error('duplicate key: Key (username)=(zelda@example.com)'), {
      code: '23505',
    });
    const err = new Error('Failed query: insert into events … params: 187,Zelda Quux', { cause });
    const logged = errorLogSerializer(err);
    expect(logged).toMatchObject({ type: 'Error', sqlState: '23505' });
    expect(logged.stack).toMatch(/^\s+at /);
    expect(JSON.stringify(logged)).not.toMatch(/Zelda|187|zelda@example\.com|params/);
  });
});
