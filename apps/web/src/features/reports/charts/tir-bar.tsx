import { useId } from 'react';
import type { TimeInRanges } from './tir';
import { TIR_BANDS } from './shaping';

/**
 * Time in ranges as one stacked bar (very high on top, very low at the bottom) with each band's
 * share and limits beside it — the AGP layout. A band under 1 % keeps a sliver so it stays visible.
 */
export function TirBar(props: {
  tir: TimeInRanges;
  labels: Record<(typeof TIR_BANDS)[number], string>;
  format: (v: number) => string;
  title: string;
}) {
  const id = useId();
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
    <svg className="tir-bar" viewBox={`0 0 360 ${H}`} role="img" aria-labelledby={`${id}-t`}>
      <title id={`${id}-t`}>{props.title}</title>
      {rows.map(({ band, y: top, h }, i) => {
        const ly = 4 + rowH * i + rowH / 2;
        return (
          <g key={band}>
            <rect className={`tir-bar__seg tir-bar__seg--${band}`} x={8} y={top} width={56} height={h} />
            <polyline className="tir-bar__lead" points={`66,${top + h / 2} 78,${top + h / 2} 86,${ly}`} />
            <text className="tir-bar__label" x={92} y={ly + 4}>
              {props.labels[band]}
            </text>
            <text className="tir-bar__value" x={352} y={ly + 4} textAnchor="end">
              {`${props.format(props.tir[band])} %`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
