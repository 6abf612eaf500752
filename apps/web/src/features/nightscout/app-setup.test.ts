import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { appSetupLines } from './app-setup';

const textOf = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('appSetupLines', () => {
  it('gives a follower the user-info URL for xDrip+ and ?token= for Nightguard and watch faces', () => {
    const lines = appSetupLines('https://portal.example.com/', 'read-abc123', 'f00', 'read');
    expect(lines.map((l) => l.value)).toEqual([
      'https://read-abc123@portal.example.com/',
      'https://portal.example.com/?token=read-abc123',
      'https://portal.example.com',
      'https://portal.example.com/pebble?token=read-abc123',
    ]);
  });

  it('gives an uploader the xDrip+ base URL, the site for Loop/Trio/AndroidAPS and librelink-up’s SHA-1', () => {
    const lines = appSetupLines('https://portal.example.com', 'upload-9f', 'abc1', 'readwrite');
    expect(lines.map((l) => l.value)).toEqual([
      'https://upload-9f@portal.example.com/api/v1/',
      'https://portal.example.com',
      'NIGHTSCOUT_URL=portal.example.com NIGHTSCOUT_API_TOKEN=abc1',
    ]);
  });

  it('names every line with a text of en.json', () => {
    for (const p of ['read', 'readwrite'] as const)
      for (const l of appSetupLines('https://x.example', 's', 'h', p))
        expect(typeof textOf(l.key)).toBe('string');
  });
});
