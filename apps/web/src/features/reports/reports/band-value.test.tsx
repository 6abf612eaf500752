import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { makeFormat } from '../report-format';
import { BandValue, bandOf } from './band-value';

describe('logbook glucose coloured by band', () => {
  it('colours lows and highs by the consensus bands, the text by the display rule', () => {
    const fmt = makeFormat('mmol/L', 'en');
    expect(renderToStaticMarkup(<BandValue mgdl={39} fmt={fmt} />)).toBe(
      '<span class="band-value band-value--veryLow" data-band="veryLow">Low</span>',
    );
    expect(renderToStaticMarkup(<BandValue mgdl={500} fmt={fmt} strong />)).toBe(
      '<strong class="band-value band-value--veryHigh" data-band="veryHigh">High</strong>',
    );
    expect(renderToStaticMarkup(<BandValue mgdl={126} fmt={fmt} />)).toContain('band-value--inRange');
    expect(renderToStaticMarkup(<BandValue mgdl={null} fmt={fmt} />)).toBe('<span>--</span>');
    expect([60, 69.9, 70, 180, 180.1, 250, 250.1].map(bandOf)).toEqual([
      'low', 'low', 'inRange', 'inRange', 'high', 'high', 'veryHigh',
    ]); // prettier-ignore
  });
});
