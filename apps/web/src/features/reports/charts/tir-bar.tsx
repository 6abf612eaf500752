import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageDir } from '@cgm/domain';
import type { TimeInRanges } from './tir';
import { TIR_BANDS } from './shaping';

const W = 360;

/**
 * Where the bar, the leader lines, the labels and the values sit. Left to right the bar comes
 * first; right to left the whole figure is mirrored (bar on the right, values at the left edge),
 * with the SVG's direction set so "start" and "end" anchor the texts where they belong: inherited
 * from an Arabic page they anchored the other way, so the labels ran under the bar and the
 * percentages past the edge.
 */
export function tirBarLayout(dir: 'ltr' | 'rtl') {
  const x = (v: number) => (dir === 'rtl' ? W - v : v);
  return {
    dir,
    barX: dir === 'rtl' ? W - 8 - 56 : 8,
    lead: (y0: number, y1: number) => `${x(66)},${y0} ${x(78)},${y0} ${x(86)},${y1}`,
    labelX: x(92),
    valueX: x(352),
  };
}

/**
 * Time in ranges as one stacked bar (very high on top, very low at the bottom) with each band's
 * share and limits beside it — the AGP layout. A band under 1 % keeps a sliver so it stays visible.
 */
export function TirBar(props: {
  tir: TimeInRanges;
  labels: Record<(typeof TIR_BANDS)[number], string>;
  format: (v: number) => string;
  title: string;
  /** A second line under each band's label: the AGP's time per day ("20 h 32 min"). */
  details?: Record<(typeof TIR_BANDS)[number], string>;
}) {
  const id = useId();
  const { i18n } = useTranslation();
  const layout = tirBarLayout(languageDir(i18n.language));
  const H = 220;
  const total = TIR_BANDS.reduce((a, b) => a + Math.max(props.tir[b], 0), 0) || 1;
  const minH = 3;
  const usable = H - 8 - TIR_BANDS.length * minH;
  const heights = TIR_BANDS.map((band) => minH + (Math.max(props.tir[band], 0) / total) * usable);
  const rows = TIR_BANDS.map((band, i) => ({
    band,
    y: 4 + heights.slice(0, i).reduce((a, b) => a + b, 0),
    h: heights[i]!,
  }));
  // Labels sit on even rows (they never overlap), each joined to the middle of its segment.
  const rowH = (H - 8) / TIR_BANDS.length;
  return (
    <svg
      className="tir-bar"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-t`}
      direction={layout.dir}
      style={{ direction: layout.dir }}
    >
      <title id={`${id}-t`}>{props.title}</title>
      {rows.map(({ band, y: top, h }, i) => {
        const detail = props.details?.[band];
        // With a detail the label moves up half a line so the two lines sit around the row's middle.
        const ly = 4 + rowH * i + rowH / 2 - (detail ? 7 : 0);
        return (
          <g key={band}>
            <rect
              className={`tir-bar__seg tir-bar__seg--${band}`}
              x={layout.barX}
              y={top}
              width={56}
              height={h}
            />
            <polyline className="tir-bar__lead" points={layout.lead(top + h / 2, ly)} />
            <text className="tir-bar__label" x={layout.labelX} y={ly + 4} textAnchor="start">
              {props.labels[band]}
            </text>
            <text className="tir-bar__value" x={layout.valueX} y={ly + 4} textAnchor="end">
              {`${props.format(props.tir[band])} %`}
            </text>
            {detail && (
              <text className="tir-bar__detail" x={layout.valueX} y={ly + 19} textAnchor="end">
                {detail}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
