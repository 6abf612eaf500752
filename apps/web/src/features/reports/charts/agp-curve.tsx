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

/**
 * The AGP curve (IDC AGP v5): 5–95 and 25–75 bands and the median over 24 hours on a 0–350 mg/dL
 * axis (higher values drawn at the top), the consensus target band 70–180 whatever the patient's
 * own target, and dashed reference lines at 54 and 250.
 */
export function AgpCurveChart(props: {
  model: ProfileModel;
  unit: GlucoseUnit;
  format: (v: number) => string;
  title: string;
  description: string;
}) {
  const { unit } = props;
  const clamp = (col: ReadonlyArray<number | null>) =>
    col.map((v) => (v === null ? null : agpPlotValue(v, unit)));
  const m = {
    x: props.model.x,
    lo: clamp(props.model.lo),
    hi: clamp(props.model.hi),
    q1: clamp(props.model.q1),
    q3: clamp(props.model.q3),
    median: clamp(props.model.median),
  };
  const x0 = PAD_L;
  const x1 = VIEW_W - PAD_R;
  const sx = linear(0, 1440, x0, x1);
  const sy = linear(0, agpAxisTop(unit), BOTTOM, TOP);
  const low = toUnit(AGP_TARGET_LOW_MGDL, unit);
  const high = toUnit(AGP_TARGET_HIGH_MGDL, unit);
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
      <path className="rchart__band rchart__band--outer" d={bandPath(m.x, m.lo, m.hi, sx, sy)} />
      <path className="rchart__band rchart__band--inner" d={bandPath(m.x, m.q1, m.q3, sx, sy)} />
      <path className="rchart__median" d={runsPath(splitRuns(m.x, m.median, 31), sx, sy)} />
    </SvgChart>
  );
}
