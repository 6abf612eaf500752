import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { TirBar, tirBarLayout } from './tir-bar';

// Arabic and Hebrew: the time-in-ranges figure is mirrored with its own direction, so the labels
// sit beside the bar and the percentages inside the figure (issue 17: they ran under the bar and
// past the edge when the page's right-to-left direction flipped the anchors).

const tir = { very_high: 5, high: 20, in_range: 70, low: 4, very_low: 1 };
const labels = { very_high: 'vh', high: 'h', in_range: 'ir', low: 'l', very_low: 'vl' };

async function render(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: {}, lng, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TirBar tir={tir} labels={labels} format={(v) => String(v)} title="TIR" />
    </I18nextProvider>,
  );
}

describe('time-in-ranges bar direction', () => {
  it('keeps the bar left and the texts to its right in a left-to-right language', async () => {
    const html = await render('en');
    expect(html).toContain('direction="ltr"');
    expect(html).toMatch(/<rect class="tir-bar__seg tir-bar__seg--very_high" x="8"/);
    expect(html).toMatch(/class="tir-bar__label" x="92"[^>]*text-anchor="start"/);
    expect(html).toMatch(/class="tir-bar__value" x="352"[^>]*text-anchor="end"/);
  });
  it('mirrors the figure in Arabic: bar on the right, labels left of it, values at the left edge', async () => {
    const html = await render('ar');
    expect(html).toContain('direction="rtl"');
    expect(html).toMatch(/<rect class="tir-bar__seg tir-bar__seg--very_high" x="296"/);
    // With direction rtl, "start" is the text's right end (beside the bar), "end" its left end.
    expect(html).toMatch(/class="tir-bar__label" x="268"[^>]*text-anchor="start"/);
    expect(html).toMatch(/class="tir-bar__value" x="8"[^>]*text-anchor="end"/);
  });
  it('lays out each side symmetrically', () => {
    const l = tirBarLayout('ltr');
    const r = tirBarLayout('rtl');
    expect(l.barX + 56 + r.barX).toBe(360);
    expect(l.labelX + r.labelX).toBe(360);
    expect(r.lead(10, 20)).toBe('294,10 282,10 274,20');
  });
});
