/* Browser check of spec §5, run before the app: the app's modern bundle cannot even be parsed by
 * the oldest browsers, so this classic script (ES5 only: no let/const, arrows or classes) sends a
 * recognised browser older than its minimum to /error first. It mirrors src/app/browser.ts, whose
 * unit test runs both over the same user agents; the minimum versions are filled in at build from
 * @cgm/domain (MIN_BROWSER_VERSIONS), so the table exists once. */
/* global __MIN_BROWSER_VERSIONS__, __UNSUPPORTED_TEXTS__ -- filled in at build by plugin.ts */
(function (w) {
  var MIN = __MIN_BROWSER_VERSIONS__;
  var PATTERNS = [
    ['edge', /\b(?:Edge|Edg|EdgA|EdgiOS)\/(\d+(?:\.\d+)*)/],
    ['firefox', /\b(?:Firefox|FxiOS)\/(\d+(?:\.\d+)*)/],
    ['chrome', /\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\/(\d+(?:\.\d+)*)/],
  ];
  function detect(ua) {
    for (var i = 0; i < PATTERNS.length; i++) {
      var m = PATTERNS[i][1].exec(ua);
      if (m) return { name: PATTERNS[i][0], version: m[1] };
    }
    if (/\bSafari\//.test(ua)) {
      var v = /\bVersion\/(\d+(?:\.\d+)*)/.exec(ua);
      if (v) return { name: 'safari', version: v[1] };
    }
    return null;
  }
  function older(a, b) {
    var pa = a.split('.'),
      pb = b.split('.');
    for (var i = 0; i < Math.max(pa.length, pb.length); i++) {
      var d = (parseInt(pa[i], 10) || 0) - (parseInt(pb[i], 10) || 0);
      if (d !== 0) return d < 0;
    }
    return false;
  }
  /* Internet Explorer (MSIE, Trident) is no browser of spec §5's list and cannot run the app. */
  var RETIRED = /\b(?:MSIE |Trident\/)/;
  function supported(ua) {
    if (RETIRED.test(ua)) return false;
    var b = detect(ua);
    return !b || !MIN[b.name] || !older(b.version, MIN[b.name]);
  }
  /* The /error page, drawn without the app (which this browser cannot run), in the browser's
   * language when the portal has it (texts from the locale files, filled in at build). */
  var TEXTS = __UNSUPPORTED_TEXTS__;
  function pickLanguage(n) {
    var wanted = ((n.languages && n.languages[0]) || n.language || 'en').toLowerCase();
    if (wanted === 'zh-tw' || wanted === 'zh-hk' || wanted === 'zh-hant') return 'zh-TW';
    if (wanted.indexOf('zh') === 0) return 'zh-CN';
    if (wanted.indexOf('no') === 0 || wanted.indexOf('nn') === 0) return 'nb';
    var base = wanted.split('-')[0];
    return TEXTS[base] ? base : 'en';
  }
  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  function render(d) {
    var lang = pickLanguage(w.navigator);
    var t = TEXTS[lang];
    var rows = '';
    for (var name in MIN) {
      if (Object.prototype.hasOwnProperty.call(MIN, name)) {
        rows += '<tr><td>' + esc(t.names[name]) + '</td><td dir="ltr">' + esc(MIN[name]) + '</td></tr>';
      }
    }
    d.documentElement.lang = lang;
    d.documentElement.dir = lang === 'ar' || lang === 'he' ? 'rtl' : 'ltr';
    d.title = t.title;
    d.body.innerHTML =
      '<main style="font-family:sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5">' +
      '<h1>' +
      esc(t.title) +
      '</h1><p>' +
      esc(t.lead) +
      '</p>' +
      '<table style="border-collapse:collapse" cellpadding="6"><caption>' +
      esc(t.caption) +
      '</caption>' +
      '<tr><th>' +
      esc(t.browser) +
      '</th><th>' +
      esc(t.minimum) +
      '</th></tr>' +
      rows +
      '</table>' +
      '<p>' +
      esc(t.update) +
      '</p></main>';
  }
  w.__cgmBrowserSupported = supported;
  if (!w.location || supported(w.navigator.userAgent)) return;
  if (!/\/error$/.test(w.location.pathname)) {
    w.location.replace('/error');
    return;
  }
  /* The body does not exist yet while the head's scripts run. */
  w.document.addEventListener('DOMContentLoaded', function () {
    render(w.document);
  });
})(this);
