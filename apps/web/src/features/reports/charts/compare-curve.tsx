import {
  AGP_REFERENCE_MGDL,
  AGP_TARGET_HIGH_MGDL,
  AGP_TARGET_LOW_MGDL,
  agpAxisTicks,
  agpAxisTop,
  agpPlotValue,
  toUnit,
  type GlucoseUnit,
} from '@cgm/domain';
import { bandPath, runsPath, splitRuns, type ProfileModel } from './shaping';
import { linear, PAD_L, PAD_R, SvgChart, TimeAxis, VIEW_W } from './svg-frame';

const H = 260;
const TOP = 10;
const BOTTOM = H - 24;

export type ComparedPeriod = 'earlier' | 'later';

/**
 * Two AGP curves on one chart (the compare report): each period's 25–75 % band and median over
 * 24 hours, on the AGP's axis (0–350 mg/dL) with its target band and reference lines, so the two
 * read as two AGP pages laid on each other. The earlier period is drawn first and dashed.
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
  const x0 = PAD_L;
  const x1 = VIEW_W - PAD_R;
  const sx = linear(0, 1440, x0, x1);
  const sy = linear(0, agpAxisTop(unit), BOTTOM, TOP);
  const low = toUnit(AGP_TARGET_LOW_MGDL, unit);
  const high = toUnit(AGP_TARGET_HIGH_MGDL, unit);
  const curve = (model: ProfileModel, period: ComparedPeriod) => {
    const clamp = (col: ReadonlyArray<number | null>) =>
      col.map((v) => (v === null ? null : agpPlotValue(v, unit)));
    return (
      <g className={`rchart-compare rchart-compare--${period}`} data-period={period}>
        <path
          className="rchart-compare__band"
          d={bandPath(model.x, clamp(model.q1), clamp(model.q3), sx, sy)}
        />
        <path
          className="rchart-compare__median"
          d={runsPath(splitRuns(model.x, clamp(model.median), 31), sx, sy)}
        />
      </g>
    );
  };
  return (
    <SvgChart title={props.title} description={props.description} height={H} className="rchart--agp">
      <rect className="rchart__target" x={x0} width={x1 - x0} y={sy(high)} height={sy(low) - sy(high)} />
      {[low, high].map((v) => (
        <line key={v} className="rchart__limit" data-value={v} x1={x0} x2={x1} y1={sy(v)} y2={sy(v)} />
      ))}
      {AGP_REFERENCE_MGDL.map((mgdl) => {
        const v = toUnit(mgdl, unit);
        return (
          <line key={mgdl} className="rchart__ref" data-mgdl={mgdl} x1={x0} x2={x1} y1={sy(v)} y2={sy(v)} />
        );
      })}
      {agpAxisTicks(unit).map((v) => (
        <text key={v} className="rchart__axis agp-tick" x={x0 - 6} y={sy(v) + 4} textAnchor="end">
          {props.format(v)}
        </text>
      ))}
      <line className="rchart__grid" x1={x0} x2={x1} y1={sy(0)} y2={sy(0)} />
      <TimeAxis sx={sx} y={BOTTOM} top={TOP} />
      {curve(props.earlier, 'earlier')}
      {curve(props.later, 'later')}
    </SvgChart>
  );
}
