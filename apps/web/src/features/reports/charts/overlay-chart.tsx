import type { GlucoseUnit } from '@cgm/domain';
import { runsPath, type Runs } from './shaping';
import { GlucoseAxis, glucoseScale, linear, PAD_L, PAD_R, SvgChart, TimeAxis, VIEW_W } from './svg-frame';

const H = 320;
const TOP = 10;
const BOTTOM = H - 24;

export interface OverlayCurve {
  day: string;
  runs: Runs;
  colour: string;
  dash: string | null;
  label: string;
  /** Readings beyond the display range, drawn at its edge: marked with a small arrow. */
  clipped: ReadonlyArray<{ x: number; y: number; side: 'above' | 'below' }>;
}

/** The chosen days' sensor glucose over one 24-hour axis, one colour and line style per day. */
export function OverlayChart(props: {
  days: readonly OverlayCurve[];
  unit: GlucoseUnit;
  low: number;
  high: number;
  format: (v: number) => string;
  title: string;
  description: string;
}) {
  const sx = linear(0, 1440, PAD_L, VIEW_W - PAD_R);
  const sy = glucoseScale(props.unit, TOP, BOTTOM);
  return (
    <SvgChart title={props.title} description={props.description} height={H}>
      <GlucoseAxis
        unit={props.unit}
        sy={sy}
        x0={PAD_L}
        x1={VIEW_W - PAD_R}
        low={props.low}
        high={props.high}
        format={props.format}
      />
      <TimeAxis sx={sx} y={BOTTOM} top={TOP} />
      {props.days.map((d) => (
        <g key={d.day}>
          <path
            className="rchart__overlay"
            stroke={d.colour}
            strokeDasharray={d.dash ?? undefined}
            d={runsPath(d.runs, sx, sy)}
          >
            <title>{d.label}</title>
          </path>
          {d.clipped.map((c, i) => {
            const x = sx(c.x);
            const y = sy(c.y);
            // An arrow pointing out of the chart: the value lies beyond the edge it is drawn at.
            const tip = c.side === 'above' ? y - 6 : y + 6;
            return (
              <path
                key={i}
                className={`rchart__clipped rchart__clipped--${c.side}`}
                fill={d.colour}
                d={`M${x - 3.5} ${y}L${x + 3.5} ${y}L${x} ${tip}Z`}
              />
            );
          })}
        </g>
      ))}
    </SvgChart>
  );
}
