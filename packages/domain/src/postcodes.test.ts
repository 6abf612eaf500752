import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { isValidPostcode, POSTCODE_COUNTRIES } from './postcodes';

describe('postcodes per country (spec §5 "Postcode 6 digits" where postcodes are 6 digits)', () => {
  it('knows the format of every country of the portal', () => {
    expect(COUNTRIES.map((c) => c.code).filter((c) => !POSTCODE_COUNTRIES.includes(c))).toEqual([]);
  });

  it.each([
    ['100083', 'CN', true],
    ['10008', 'CN', false],
    ['238859', 'SG', true],
    ['110 001', 'IN', true],
    ['SW1A 1AA', 'GB', true],
    ['sw1a1aa', 'GB', true],
    ['EC1A 1BB', 'GB', true],
    ['123456', 'GB', false],
    ['D02 X285', 'IE', true],
    ['10115', 'DE', true],
    ['1011', 'DE', false],
    ['1000-001', 'PT', true],
    ['1012 AB', 'NL', true],
    ['00-950', 'PL', true],
    ['K1A 0B1', 'CA', true],
    ['90210', 'US', true],
    ['90210-1234', 'US', true],
    ['100-0001', 'JP', true],
    ['2000', 'AU', true],
    ['Central', 'HK', true],
    ['123456', undefined, true],
    ['12345', null, false],
    ['12345', 'XX', false],
  ] as const)('%s in %s → %s', (code, country, ok) => expect(isValidPostcode(code, country)).toBe(ok));
});
