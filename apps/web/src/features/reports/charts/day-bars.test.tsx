import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DayBars } from './day-bars';

describe('bars per day', () => {
  // Arabic pages: with the page's direction inherited, the axis percentages ran under the bars.
  it('are drawn left to right in every language, the axis at the left', () => {
    const html = renderToStaticMarkup(
      <DayBars
        title="Time in range per day"
        data={[
          { label: '13 Nov', value: 80 },
          { label: '14 Nov', value: null },
        ]}
        format={(v) => `${v} %`}
        noData="No data"
        max={100}
      />,
    );
    expect(html).toMatch(/<svg class="svg-chart"[^>]*direction="ltr"/);
    expect(html).toMatch(/x="42"[^>]*text-anchor="end"[^>]*>100 %</);
  });
});
