import type { GlucoseUnit } from '@cgm/domain';
import { runsPath, splitRuns } from './shaping';
import { glucoseScale, linear } from './svg-frame';

/** One day of the AGP's daily glucose profiles: the day's ten-minute medians over the target band. */
export function MiniProfile(props: {
  medians: ReadonlyArray<number | null>;
  unit: GlucoseUnit;
  low: number;
  high: number;
  label: string;
}) {
  const W = 140;
  const H = 64;
  const sx = linear(0, 1440, 2, W - 2);
  const sy = glucoseScale(props.unit, 2, H - 2);
  const xs = props.medians.map((_, i) => i * 10 + 5);
  const runs = splitRuns(xs, props.medians, 31);
  return (
    <svg className="mini-profile" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
      <rect className="mini-profile__frame" x={0.5} y={0.5} width={W - 1} height={H - 1} />
      <rect
        className="rchart__target"
        x={2}
        width={W - 4}
        y={sy(props.high)}
        height={sy(props.low) - sy(props.high)}
      />
      <line className="rchart__grid" x1={sx(720)} x2={sx(720)} y1={2} y2={H - 2} />
      <path className="mini-profile__line" d={runsPath(runs, sx, sy)} />
    </svg>
  );
}
