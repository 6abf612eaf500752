import type { GlucoseUnit } from '@cgm/domain';
import { AgpFrame, agpColumn, type Scale } from './agp-frame';
import { bandPath, runsPath, splitRuns, type ProfileModel } from './shaping';

export type ComparedPeriod = 'earlier' | 'later';

/**
 * Two AGP curves on one chart (the compare report): each period's 25–75 % band and median over
 * 24 hours, on the AGP's frame (agp-frame.tsx), so the two read as two AGP pages laid on each
 * other. The earlier period is drawn first and dashed.
 */
export function CompareCurveChart(props: {
  earlier: ProfileModel;
  later: ProfileModel;
  unit: GlucoseUnit;
  format: (v: number) => string;
  title: string;
  description: string;
}) {
  const { unit } = props;
  const curve = (model: ProfileModel, period: ComparedPeriod, sx: Scale, sy: Scale) => (
    <g className={`rchart-compare rchart-compare--${period}`} data-period={period}>
      <path
        className="rchart-compare__band"
        d={bandPath(model.x, agpColumn(model.q1, unit), agpColumn(model.q3, unit), sx, sy)}
      />
      <path
        className="rchart-compare__median"
        d={runsPath(splitRuns(model.x, agpColumn(model.median, unit), 31), sx, sy)}
      />
    </g>
  );
  return (
    <AgpFrame
      unit={unit}
      format={props.format}
      title={props.title}
      description={props.description}
      curves={(sx, sy) => (
        <>
          {curve(props.earlier, 'earlier', sx, sy)}
          {curve(props.later, 'later', sx, sy)}
        </>
      )}
    />
  );
}
