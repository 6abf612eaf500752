import { useId, useRef } from 'react';
import { LABEL_GAP } from '../../../charts/axis-labels';
import { axisTicks, niceMax } from '../../../charts/svg-charts';
import { useAxisLabels, type LabelGroups } from '../../../charts/use-axis-labels';

// A value per date as bars (the dashboard's time in range and insulin per day). A date without
// data is drawn as a hollow "no data" mark on the axis, never as a bar of 0: 0 % in range and no
// readings are different findings. Same frame and classes as the app's small SVG charts.

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };

export interface DayBar {
  label: string;
  value: number | null;
  /**
   * A date with readings left out by "valid days only" (too little data to be a valid day): marked
   * apart from a date without data, which it is not.
   */
  leftOut?: boolean;
}

export function DayBars(props: {
  title: string;
  data: readonly DayBar[];
  /** The days' years (day-axis.ts): on a range across New Year a label opening a year reads it. */
  labelGroups?: LabelGroups;
  format: (v: number) => string;
  /** Labels of the axis ticks (default `format`): insulin bars read 41.35 U, their axis 0–50. */
  axisFormat?: (v: number) => string;
  /** Text of a date without data (tooltip and screen readers). */
  noData: string;
  /** Text of a date left out as not a valid day (default `noData`). */
  leftOut?: string;
  /** Upper end of the axis (default: a nice bound over the data); 100 for percentages. */
  max?: number;
  tone?: 'primary' | 'success' | 'accent';
}) {
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const { data, format, tone = 'primary' } = props;
  const axisFormat = props.axisFormat ?? format;
  const max = props.max ?? niceMax(Math.max(0, ...data.map((d) => d.value ?? 0)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const barW = Math.max(1, Math.min(40, slot * 0.7));
  const xOf = (i: number) => PAD.left + slot * i + slot / 2;
  const base = PAD.top + plotH;
  // Every k-th day, k the smallest at which the labels, measured in the font they are drawn in,
  // keep apart: as many dates as fit on a phone or a wide screen, in any language's month names.
  const shown = useAxisLabels(
    svg,
    data.map((_, i) => xOf(i)),
    data.map((d) => d.label),
    { left: 0, right: W - PAD.right, gap: LABEL_GAP },
    props.labelGroups,
  );
  return (
    // Left to right in every language (see svg-charts.tsx): the axis stays at the left.
    <svg
      ref={svg}
      className="svg-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-t`}
      direction="ltr"
    >
      <title id={`${id}-t`}>{props.title}</title>
      {/* Round ticks (0, 10, 20… U; 0, 20… %), not quarters of the top (12.50, 37.50 U). */}
      {axisTicks(max).map((v) => {
        const y = base - (v / max) * plotH;
        return (
          <g key={v}>
            <line className="svg-chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} />
            <text className="svg-chart__axis" x={PAD.left - 6} y={y + 4} textAnchor="end">
              {axisFormat(v)}
            </text>
          </g>
        );
      })}
      {data.map((d, i) => {
        const none = d.leftOut ? (props.leftOut ?? props.noData) : props.noData;
        const label = `${d.label}: ${d.value === null ? none : format(d.value)}`;
        if (d.value === null) {
          return (
            <rect
              key={i}
              className={d.leftOut ? 'svg-chart__nodata svg-chart__nodata--left-out' : 'svg-chart__nodata'}
              data-nodata="1"
              x={xOf(i) - barW / 2}
              y={base - 6}
              width={barW}
              height={6}
            >
              <title>{label}</title>
            </rect>
          );
        }
        const h = (Math.min(d.value, max) / max) * plotH;
        return (
          <rect
            key={i}
            className={`svg-chart__bar svg-chart__bar--${tone}`}
            x={xOf(i) - barW / 2}
            y={base - h}
            width={barW}
            height={h}
          >
            <title>{label}</title>
          </rect>
        );
      })}
      {shown.map(({ index, x, anchor, text }) => (
        <text key={`l${index}`} className="svg-chart__axis" x={x} y={H - 8} textAnchor={anchor}>
          {text}
        </text>
      ))}
    </svg>
  );
}
