import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './mask';

describe('masking where a reset code went (spec §4 wizard)', () => {
  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskEmail('pat@example.com')).toBe('p***@example.com');
    expect(maskEmail('a@b.de')).toBe('a***@b.de');
  });

  it('keeps the country prefix and the last two digits of a mobile', () => {
    expect(maskMobile('+491701234512')).toBe('+49 *** **12');
    expect(maskMobile('+44 (0) 7700 900 777')).toBe('+44 *** **77');
    expect(maskMobile('0170-123 4599')).toBe('*** **99');
  });
});
