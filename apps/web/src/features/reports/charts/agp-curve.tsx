import type { GlucoseUnit } from '@cgm/domain';
import { AgpFrame, agpColumn } from './agp-frame';
import { bandPath, runsPath, splitRuns, type ProfileModel } from './shaping';

/**
 * The AGP curve (IDC AGP v5): 5–95 and 25–75 bands and the median over 24 hours on the AGP's
 * frame (agp-frame.tsx).
 */
export function AgpCurveChart(props: {
  model: ProfileModel;
  unit: GlucoseUnit;
  format: (v: number) => string;
  title: string;
  description: string;
}) {
  const { model, unit } = props;
  const m = {
    x: model.x,
    lo: agpColumn(model.lo, unit),
    hi: agpColumn(model.hi, unit),
    q1: agpColumn(model.q1, unit),
    q3: agpColumn(model.q3, unit),
    median: agpColumn(model.median, unit),
  };
  return (
    <AgpFrame
      {...props}
      curves={(sx, sy) => (
        <>
          <path className="rchart__band rchart__band--outer" d={bandPath(m.x, m.lo, m.hi, sx, sy)} />
          <path className="rchart__band rchart__band--inner" d={bandPath(m.x, m.q1, m.q3, sx, sy)} />
          <path className="rchart__median" d={runsPath(splitRuns(m.x, m.median, 31), sx, sy)} />
        </>
      )}
    />
  );
}
