import { describe, expect, it } from 'vitest';
import { detectBrowser, isSupportedBrowser } from './browser';

// Real user-agent strings, as browsers sent them.
const UAS: [label: string, ua: string, name: string | null, version: string | null, ok: boolean][] = [
  [
    'Chrome 120 Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'chrome', '120.0.0.0', true,
  ],
  [
    'Chrome 61 Linux (minimum)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/61.0.3163.100 Safari/537.36',
    'chrome', '61.0.3163.100', true,
  ],
  [
    'Chrome 60 Mac (too old)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36',
    'chrome', '60.0.3112.113', false,
  ],
  [
    'HeadlessChrome 131',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
    'chrome', '131.0.6778.33', true,
  ],
  [
    'Chrome Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'chrome', '124.0.0.0', true,
  ],
  [
    'Chrome iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
    'chrome', '123.0.6312.52', true,
  ],
  [
    'Edge legacy 18',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18363',
    'edge', '18.18363', true,
  ],
  [
    'Edge legacy 15 (too old)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
    'edge', '15.15063', false,
  ],
  [
    'Edge legacy 16 (minimum)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36 Edge/16.16299',
    'edge', '16.16299', true,
  ],
  [
    'Edge Chromium 120',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    'edge', '120.0.2210.91', true,
  ],
  [
    'Edge Android',
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.210 Mobile Safari/537.36 EdgA/120.0.2210.115',
    'edge', '120.0.2210.115', true,
  ],
  [
    'Firefox 115 Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
    'firefox', '115.0', true,
  ],
  [
    'Firefox 55 (minimum)',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:55.0) Gecko/20100101 Firefox/55.0',
    'firefox', '55.0', true,
  ],
  [
    'Firefox 52 ESR (too old)',
    'Mozilla/5.0 (Windows NT 6.1; WOW64; rv:52.0) Gecko/20100101 Firefox/52.0',
    'firefox', '52.0', false,
  ],
  [
    'Firefox iOS',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15',
    'firefox', '124.0', true,
  ],
  [
    'Safari 17 Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    'safari', '17.4.1', true,
  ],
  [
    'Safari iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    'safari', '16.6', true,
  ],
  [
    'Safari 8.0.8 (minimum)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
    'safari', '8.0.8', true,
  ],
  [
    'Safari 8.0.7 (too old)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_4) AppleWebKit/600.7.12 (KHTML, like Gecko) Version/8.0.7 Safari/600.7.12',
    'safari', '8.0.7', false,
  ],
  [
    'Safari 7 (too old)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_5) AppleWebKit/537.78.2 (KHTML, like Gecko) Version/7.0.6 Safari/537.78.2',
    'safari', '7.0.6', false,
  ],
  [
    'Opera (Chromium engine, measured as Chrome)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
    'chrome', '119.0.0.0', true,
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    'chrome', '115.0.0.0', true,
  ],
  [
    'Internet Explorer 11 (no browser of spec §5: to /error)',
    'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    null, null, false,
  ],
  ['curl (not recognised)', 'curl/8.5.0', null, null, true],
  ['empty', '', null, null, true],
  [
    'iOS in-app web view without Version (not recognised)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    null, null, true,
  ],
]; // prettier-ignore

describe('detectBrowser and isSupportedBrowser', () => {
  it.each(UAS)('%s', (_label, ua, name, version, ok) => {
    const b = detectBrowser(ua);
    expect(b?.name ?? null).toBe(name);
    expect(b?.version ?? null).toBe(version);
    expect(isSupportedBrowser(ua)).toBe(ok);
  });
});
