import type { GlucoseUnit } from '@cgm/domain';
import { runsPath, type Runs } from './shaping';
import { GlucoseAxis, glucoseScale, linear, PAD_L, PAD_R, SvgChart, TimeAxis, VIEW_W } from './svg-frame';

const H = 320;
const TOP = 10;
const BOTTOM = H - 24;

/** The chosen days' sensor glucose over one 24-hour axis, one colour per day. */
export function OverlayChart(props: {
  days: ReadonlyArray<{ day: string; runs: Runs; colour: string; label: string }>;
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
        <path key={d.day} className="rchart__overlay" stroke={d.colour} d={runsPath(d.runs, sx, sy)}>
          <title>{d.label}</title>
        </path>
      ))}
    </SvgChart>
  );
}
