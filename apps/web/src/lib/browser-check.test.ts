import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browserCheckSource } from '../../browser-check/plugin';
import { isSupportedBrowser } from './browser';

// The early ES5 check and the app's check must agree on every user agent (spec §5 minimums).
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/61.0.3163.100 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:52.0) Gecko/20100101 Firefox/52.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:55.0) Gecko/20100101 Firefox/55.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36 Edge/16.16299',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_4) AppleWebKit/600.7.12 (KHTML, like Gecko) Version/8.0.7 Safari/600.7.12',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'curl/8.0',
  '',
  'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
];

function earlyCheck(): (ua: string) => boolean {
  const sandbox: { __cgmBrowserSupported?: (ua: string) => boolean } = {};
  runInNewContext(browserCheckSource().replace('})(this);', '})(sandbox);'), { sandbox });
  return sandbox.__cgmBrowserSupported!;
}

describe('early browser check (ES5, before the bundle)', () => {
  const early = earlyCheck();
  it.each(AGENTS)('agrees with the app for %s', (ua) => {
    expect(early(ua)).toBe(isSupportedBrowser(ua));
  });

  it('refuses the browsers below the spec minimums', () => {
    expect(early(AGENTS[0]!)).toBe(false); // Chrome 60
    expect(early(AGENTS[3]!)).toBe(false); // Firefox 52
    expect(early(AGENTS[5]!)).toBe(false); // Edge 15
    expect(early(AGENTS[8]!)).toBe(false); // Safari 8.0.7
    expect(early(AGENTS[9]!)).toBe(true); // Safari 8.0.8
    expect(early(AGENTS[13]!)).toBe(false); // Internet Explorer 11
    expect(early(AGENTS[14]!)).toBe(false); // Internet Explorer 10
  });

  it('is plain ES5: no let, const, arrow functions or template strings', () => {
    const code = browserCheckSource().replace(/\/\*[\s\S]*?\*\//g, '');
    expect(code).not.toMatch(/\b(let|const|class)\s|=>|`/);
  });
});

describe('the /error page the early check draws for a browser that cannot run the app', () => {
  function visit(path: string, ua: string, language: string) {
    const listeners: Array<() => void> = [];
    const html = { lang: '', dir: '' };
    const document = {
      documentElement: html,
      title: '',
      body: { innerHTML: '' },
      addEventListener: (_: string, f: () => void) => listeners.push(f),
    };
    const location = {
      pathname: path,
      replaced: '',
      replace(to: string) {
        this.replaced = to;
      },
    };
    const sandbox = { location, document, navigator: { userAgent: ua, languages: [language] } };
    runInNewContext(browserCheckSource().replace('})(this);', '})(sandbox);'), { sandbox });
    for (const f of listeners) f();
    return { location, document, html };
  }

  it('sends an old browser to /error, and draws the page there in its language', () => {
    expect(visit('/login', AGENTS[3]!, 'en-GB').location.replaced).toBe('/error');
    const page = visit('/error', AGENTS[3]!, 'de-DE');
    expect(page.html.lang).toBe('de');
    expect(page.document.body.innerHTML).toContain('55.0');
    expect(page.document.body.innerHTML).toContain('Firefox');
    const arabic = visit('/error', AGENTS[3]!, 'ar-SA');
    expect(arabic.html.dir).toBe('rtl');
  });

  it('sends Internet Explorer 11 from the login page to /error', () => {
    expect(visit('/login', AGENTS[13]!, 'en-GB').location.replaced).toBe('/error');
  });

  it('leaves a supported browser alone', () => {
    const page = visit('/login', AGENTS[2]!, 'en');
    expect(page.location.replaced).toBe('');
    expect(page.document.body.innerHTML).toBe('');
  });
});
