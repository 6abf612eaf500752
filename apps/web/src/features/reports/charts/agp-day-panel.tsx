import { useId } from 'react';
import { agpAxisTop, type GlucoseUnit } from '@cgm/domain';
import type { AgpPanelModel } from './agp-shaping';
import { runsPath, type Runs } from './shaping';
import { linear } from './svg-frame';

const W = 140;
const H = 70;

/**
 * One day of the AGP's daily glucose profiles: the day's readings over the target band 70–180,
 * lows in red and highs in orange, C/CX as grey crosses at the floor; a day without data is an
 * empty panel.
 */
export function AgpDayPanel(props: {
  model: AgpPanelModel;
  unit: GlucoseUnit;
  low: number;
  high: number;
  label: string;
}) {
  const id = useId();
  const { model: m } = props;
  const sx = linear(0, 1440, 2, W - 2);
  const sy = linear(0, agpAxisTop(props.unit), H - 2, 2);
  const dots = (runs: Runs, cls: string) =>
    runs
      .filter((r) => r.length === 1)
      .map((r, i) => (
        <circle key={`${cls}${i}`} className={cls} cx={sx(r[0]![0])} cy={sy(r[0]![1])} r={1.6} />
      ));
  return (
    <svg
      className={`agp-day${m.hasData ? '' : ' agp-day--empty'}`}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-t`}
    >
      <title id={`${id}-t`}>{props.label}</title>
      <rect className="mini-profile__frame" x={0.5} y={0.5} width={W - 1} height={H - 1} />
      <rect
        className="rchart__target"
        x={2}
        width={W - 4}
        y={sy(props.high)}
        height={sy(props.low) - sy(props.high)}
      />
      <line className="rchart__grid" x1={sx(720)} x2={sx(720)} y1={2} y2={H - 2} />
      <path className="agp-day__line" d={runsPath(m.line, sx, sy)} />
      <path className="agp-day__low" d={runsPath(m.lows, sx, sy)} />
      <path className="agp-day__high" d={runsPath(m.highs, sx, sy)} />
      {dots(m.line, 'agp-day__dot')}
      {dots(m.lows, 'agp-day__dot agp-day__dot--low')}
      {dots(m.highs, 'agp-day__dot agp-day__dot--high')}
      {m.flagged.map((f, i) => {
        const x = sx(f.x);
        const y = sy(f.y);
        return (
          <path
            key={`f${i}`}
            className="agp-day__flagged"
            d={`M${x - 2} ${y - 2}L${x + 2} ${y + 2}M${x - 2} ${y + 2}L${x + 2} ${y - 2}`}
          />
        );
      })}
    </svg>
  );
}
