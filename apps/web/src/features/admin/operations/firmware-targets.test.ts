import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { targetsText } from './firmware-targets';

const t = (key: string) => en.regions[key.replace('regions.', '') as keyof typeof en.regions] ?? key;

describe('firmware targets', () => {
  it('names regions and countries, never a bare country code', () => {
    expect(targetsText(['europe', 'GB'], 'en', t)).toBe('Europe, United Kingdom');
  });

  it('names countries in the page language', () => {
    expect(targetsText(['DE'], 'de', t)).toBe('Deutschland');
    expect(targetsText(['GB'], 'ar', t)).toBe('المملكة المتحدة');
  });
});
