import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlucoseUnit } from '@cgm/domain';
import { glucoseTicks, glucoseTop } from './shaping';

// The frame the report charts share: a fixed viewBox scaled by CSS (sharp on screen and on paper:
// SVG, never a canvas), a 24-hour time axis and a glucose axis in the display unit with the target
// band. Colours come from reports.css classes.

export const VIEW_W = 960;
export const PAD_L = 44;
export const PAD_R = 22;
export const PLOT_W = VIEW_W - PAD_L - PAD_R;

export interface Scale {
  (v: number): number;
}

export function linear(d0: number, d1: number, r0: number, r1: number): Scale {
  const k = (r1 - r0) / (d1 - d0 || 1);
  return (v: number) => r0 + (v - d0) * k;
}

export function SvgChart(props: {
  title: string;
  description?: string;
  height: number;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const { t } = useTranslation();
  // On a phone the chart keeps a readable width and scrolls sideways instead of shrinking its text;
  // a hint says so, and the scroller takes the keyboard focus so the arrow keys reach the whole day.
  return (
    <div
      className="rchart-scroll"
      tabIndex={0}
      role="group"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-h`}
    >
      <p id={`${id}-h`} className="rchart-scroll__hint small muted">
        {t('phone.scrollHint')}
      </p>
      <svg
        className={`rchart ${props.className ?? ''}`}
        viewBox={`0 0 ${VIEW_W} ${props.height}`}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-t`}>{props.title}</title>
        <desc id={`${id}-d`}>{props.description ?? props.title}</desc>
        {props.children}
      </svg>
    </div>
  );
}

const hh = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:00`;

/** Hours along the bottom of a 24-hour plot (every 3 hours; every 6 when narrow). */
export function TimeAxis(props: { sx: Scale; y: number; top: number; length?: number; every?: number }) {
  const length = props.length ?? 1440;
  const every = (props.every ?? 3) * 60;
  const ticks: number[] = [];
  for (let m = 0; m <= length; m += every) ticks.push(m);
  return (
    <g>
      {ticks.map((m) => (
        <g key={m}>
          <line className="rchart__grid" x1={props.sx(m)} x2={props.sx(m)} y1={props.top} y2={props.y} />
          <text className="rchart__axis" x={props.sx(m)} y={props.y + 14} textAnchor="middle">
            {hh(m)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Glucose grid, labels and the target band between `low` and `high` (display unit). */
export function GlucoseAxis(props: {
  unit: GlucoseUnit;
  sy: Scale;
  x0: number;
  x1: number;
  low: number;
  high: number;
  format: (v: number) => string;
}) {
  const { sy, x0, x1 } = props;
  return (
    <g>
      <rect
        className="rchart__target"
        x={x0}
        width={x1 - x0}
        y={sy(props.high)}
        height={Math.max(0, sy(props.low) - sy(props.high))}
      />
      {glucoseTicks(props.unit).map((v) => (
        <g key={v}>
          <line className="rchart__grid" x1={x0} x2={x1} y1={sy(v)} y2={sy(v)} />
          {/* A tick label next to a target line would overprint the target's own label. */}
          {Math.min(Math.abs(sy(v) - sy(props.low)), Math.abs(sy(v) - sy(props.high))) > 12 && (
            <text className="rchart__axis" x={x0 - 6} y={sy(v) + 4} textAnchor="end">
              {props.format(v)}
            </text>
          )}
        </g>
      ))}
      {[props.low, props.high].map((v) => (
        <g key={`t${v}`}>
          <line className="rchart__limit" x1={x0} x2={x1} y1={sy(v)} y2={sy(v)} />
          <text className="rchart__axis rchart__axis--limit" x={x0 - 6} y={sy(v) + 4} textAnchor="end">
            {props.format(v)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The glucose scale of a plot from `top` to `bottom` pixels (0 at the bottom). */
export const glucoseScale = (unit: GlucoseUnit, top: number, bottom: number) =>
  linear(0, glucoseTop(unit), bottom, top);
