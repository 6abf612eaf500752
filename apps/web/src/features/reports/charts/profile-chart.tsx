import type { GlucoseUnit } from '@cgm/domain';
import { bandPath, runsPath, splitRuns, type ProfileModel } from './shaping';
import { GlucoseAxis, glucoseScale, linear, PAD_L, SvgChart, TimeAxis, VIEW_W, PAD_R } from './svg-frame';

const H = 300;
const TOP = 10;
const BOTTOM = H - 24;

/**
 * A daily profile (trend analysis, AGP, segment view): the outer band (10–90 or 5–95), the
 * 25–75 band and the median over 24 hours, with the target range.
 */
export function ProfileChart(props: {
  model: ProfileModel;
  unit: GlucoseUnit;
  low: number;
  high: number;
  format: (v: number) => string;
  title: string;
  description: string;
  /** Marks each bin's median (the segment view's 48 bins read better as points). */
  points?: boolean;
}) {
  const { model } = props;
  const sx = linear(0, 1440, PAD_L, VIEW_W - PAD_R);
  const sy = glucoseScale(props.unit, TOP, BOTTOM);
  const median = splitRuns(model.x, model.median, 31);
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
      <path className="rchart__band rchart__band--outer" d={bandPath(model.x, model.lo, model.hi, sx, sy)} />
      <path className="rchart__band rchart__band--inner" d={bandPath(model.x, model.q1, model.q3, sx, sy)} />
      <path className="rchart__median" d={runsPath(median, sx, sy)} />
      {props.points &&
        model.x.map((x, i) =>
          model.median[i] === null ? null : (
            <circle key={x} className="rchart__median-dot" cx={sx(x)} cy={sy(model.median[i]!)} r={3.5} />
          ),
        )}
    </SvgChart>
  );
}
