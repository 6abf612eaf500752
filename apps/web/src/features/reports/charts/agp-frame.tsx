import type { ReactNode } from 'react';
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
import { linear, PAD_L, PAD_R, SvgChart, TimeAxis, VIEW_W } from './svg-frame';

const H = 260;
const TOP = 10;
const BOTTOM = H - 24;

export type Scale = (v: number) => number;

/** A profile column on the AGP axis: values beyond its top drawn at the top (agpPlotValue). */
export const agpColumn = (col: ReadonlyArray<number | null>, unit: GlucoseUnit) =>
  col.map((v) => (v === null ? null : agpPlotValue(v, unit)));

/**
 * The AGP chart's frame (IDC AGP v5), shared by the AGP curve and the compare report's two curves:
 * 24 hours across, 0–350 mg/dL up, the consensus target band 70–180 whatever the patient's own
 * target, dashed reference lines at 54 and 250. `curves` draws on its scales.
 */
export function AgpFrame(props: {
  unit: GlucoseUnit;
  format: (v: number) => string;
  title: string;
  description: string;
  curves: (sx: Scale, sy: Scale) => ReactNode;
}) {
  const { unit } = props;
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
      {props.curves(sx, sy)}
    </SvgChart>
  );
}
