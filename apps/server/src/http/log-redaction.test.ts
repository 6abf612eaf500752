import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides credential values in the query and keeps the rest', () => {
    expect(redactUrl('/api/v1/entries.json?count=10&token=ro-abc123')).toBe(
      '/api/v1/entries.json?count=10&token=[redacted]',
    );
    expect(redactUrl('/x?code=abc&state=s1&code_verifier=v')).toBe(
      '/x?code=[redacted]&state=s1&code_verifier=[redacted]',
    );
    expect(redactUrl('/api/v2.0/patients?page=2')).toBe('/api/v2.0/patients?page=2');
  });

  it('does not touch a parameter that merely ends in a secret name', () => {
    expect(redactUrl('/x?zipcode=123456')).toBe('/x?zipcode=123456');
  });
});
