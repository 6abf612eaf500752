import { useId, useRef } from 'react';
import { LABEL_GAP } from './axis-labels';
import { useAxisLabels, type LabelGroups } from './use-axis-labels';
import './svg-charts.css';

// Small SVG charts for figures per day or per category (DESIGN.md: uPlot for long time series,
// small SVG components for bars). Drawn in a fixed viewBox and scaled by CSS, so they stay sharp
// in print; colours come from CSS classes (svg-charts.css). Every chart carries a text title and
// description for screen readers, and callers show the numbers in a table next to it.

export interface BarDatum {
  label: string;
  value: number;
}

const W = 640;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 44 };

/** A "nice" upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/**
 * The axis ticks from 0 to `max`: about five, at a step of 1, 2 or 5 times a power of ten, so a
 * count axis reads 0, 10, 20… and not 12.5 or 37.5 (quarters of 50).
 */
export function axisTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 5;
  const p = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= rough - 1e-9) ?? 10 * p;
  const ticks: number[] = [];
  // Whole multiples of the step, rounded so that 0.1 + 0.2 does not print as 0.30000000000000004.
  for (let i = 0; i * step <= max + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** Which of n labels to print so that at most `room` show (always the first and the last). */
export function labelStep(n: number, room: number): number {
  return Math.max(1, Math.ceil(n / Math.max(1, room)));
}

interface ChartFrameProps {
  title: string;
  description?: string;
  max: number;
  format: (v: number) => string;
  children: React.ReactNode;
  labels: readonly string[];
  labelGroups: LabelGroups | undefined;
  xOf: (i: number) => number;
}

function ChartFrame(props: ChartFrameProps) {
  const { title, description, max, format, children, labels, xOf } = props;
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const plotH = H - PAD.top - PAD.bottom;
  const ticks = axisTicks(max);
  // Every k-th label that fits at the width the chart is drawn (at most eight, the wide look).
  const shown = useAxisLabels(
    svg,
    labels.map((_, i) => xOf(i)),
    labels,
    { left: 0, right: W - PAD.right, gap: LABEL_GAP, minStep: labelStep(labels.length, 8) },
    props.labelGroups,
  );
  return (
    // Left to right in every language, like the report charts: in an Arabic page the inherited
    // direction turned each "end" anchor round, and the axis numbers ran under the bars.
    <svg
      ref={svg}
      className="svg-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      direction="ltr"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{description ?? title}</desc>
      {ticks.map((v) => {
        const y = PAD.top + plotH - (v / max) * plotH;
        return (
          <g key={v}>
            <line className="svg-chart__grid" x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} />
            <text className="svg-chart__axis" x={PAD.left - 6} y={y + 4} textAnchor="end">
              {format(v)}
            </text>
          </g>
        );
      })}
      {children}
      {shown.map(({ index, x, anchor, text }) => (
        <text key={index} className="svg-chart__axis" x={x} y={H - 8} textAnchor={anchor}>
          {text}
        </text>
      ))}
    </svg>
  );
}

/** Vertical bars, one per datum. */
export function BarChart(props: {
  title: string;
  description?: string;
  data: readonly BarDatum[];
  /** The labels' groups (days by year, see day-axis.ts): a label opening one reads its year. */
  labelGroups?: LabelGroups;
  format?: (v: number) => string;
  /** Upper end of the axis (default: a nice bound over the data); 100 for percentages. */
  max?: number;
  tone?: 'primary' | 'success' | 'accent';
}) {
  const { data, format = String, tone = 'primary' } = props;
  const max = props.max ?? niceMax(Math.max(0, ...data.map((d) => d.value)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, data.length);
  const barW = Math.max(1, Math.min(40, slot * 0.7));
  const xOf = (i: number) => PAD.left + slot * i + slot / 2;
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      max={max}
      format={format}
      labels={data.map((d) => d.label)}
      labelGroups={props.labelGroups}
      xOf={xOf}
    >
      {data.map((d, i) => {
        const h = (Math.min(d.value, max) / max) * plotH;
        return (
          <rect
            key={`${d.label}-${i}`}
            className={`svg-chart__bar svg-chart__bar--${tone}`}
            x={xOf(i) - barW / 2}
            y={PAD.top + plotH - h}
            width={barW}
            height={h}
          >
            <title>{`${d.label}: ${format(d.value)}`}</title>
          </rect>
        );
      })}
    </ChartFrame>
  );
}

/** One or more lines over the same labels (e.g. months). */
export function LineChart(props: {
  title: string;
  description?: string;
  labels: readonly string[];
  /** The labels' groups (days by year, see day-axis.ts): a label opening one reads its year. */
  labelGroups?: LabelGroups;
  series: ReadonlyArray<{ name: string; values: readonly number[]; tone: 'primary' | 'success' | 'accent' }>;
  format?: (v: number) => string;
}) {
  const { labels, series, format = String } = props;
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const xOf = (i: number) => PAD.left + (labels.length > 1 ? (plotW * i) / (labels.length - 1) : plotW / 2);
  const yOf = (v: number) => PAD.top + plotH - (v / max) * plotH;
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      max={max}
      format={format}
      labels={labels}
      labelGroups={props.labelGroups}
      xOf={xOf}
    >
      {series.map((s) => (
        <g key={s.name}>
          <polyline
            className={`svg-chart__line svg-chart__line--${s.tone}`}
            points={s.values.map((v, i) => `${xOf(i)},${yOf(v)}`).join(' ')}
          />
          {s.values.map((v, i) => (
            <circle
              key={i}
              className={`svg-chart__dot svg-chart__dot--${s.tone}`}
              cx={xOf(i)}
              cy={yOf(v)}
              r={3}
            >
              <title>{`${s.name} · ${labels[i]}: ${format(v)}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </ChartFrame>
  );
}

/** The legend of a LineChart. */
export function ChartLegend({ items }: { items: ReadonlyArray<{ name: string; tone: string }> }) {
  return (
    <ul className="svg-chart-legend">
      {items.map((i) => (
        <li key={i.name}>
          <span className={`svg-chart-legend__swatch svg-chart__bar--${i.tone}`} aria-hidden="true" />
          {i.name}
        </li>
      ))}
    </ul>
  );
}
