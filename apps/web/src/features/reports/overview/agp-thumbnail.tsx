import type { ProfileColumns } from '@cgm/contract';
import { toUnit, type GlucoseUnit } from '@cgm/domain';
import { bandPath, glucoseTop, runsPath, splitRuns } from '../charts/shaping';
import { linear } from '../charts/svg-frame';
import './overview.css';

// A small picture of the 14-day daily profile for the patient overview (the AGP curve: 5–95 and
// 25–75 bands and the median over the consensus target band 70–180 mg/dL, whatever the patient's
// own target, CLINICAL.md "The AGP report page"). Deliberately its own small component: the full
// AGP screen and print belong to the reports (issue 17); this is only a way in to them.

const TARGET_LOW = 70;
const TARGET_HIGH = 180;

export function AgpThumbnail(props: { profile: ProfileColumns; unit: GlucoseUnit; label: string }) {
  const { profile, unit } = props;
  const W = 288;
  const H = 120;
  const top = glucoseTop(unit);
  const sx = linear(0, 1440, 4, W - 4);
  // Values above the axis are drawn at the top, as the AGP does.
  const sy = (v: number) => linear(0, top, H - 4, 4)(Math.min(v, top));
  const inUnit = (col: ReadonlyArray<number | null>) => col.map((v) => (v === null ? null : toUnit(v, unit)));
  const xs = profile.start_min.map((m) => m + profile.bin_minutes / 2);
  const median = splitRuns(xs, inUnit(profile.p50), profile.bin_minutes * 3 + 1);
  return (
    <svg className="agp-thumb" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
      <rect className="agp-thumb__frame" x={0.5} y={0.5} width={W - 1} height={H - 1} />
      <rect
        className="rchart__target"
        x={4}
        width={W - 8}
        y={sy(toUnit(TARGET_HIGH, unit))}
        height={sy(toUnit(TARGET_LOW, unit)) - sy(toUnit(TARGET_HIGH, unit))}
      />
      {[360, 720, 1080].map((m) => (
        <line key={m} className="rchart__grid" x1={sx(m)} x2={sx(m)} y1={4} y2={H - 4} />
      ))}
      <path
        className="rchart__band--outer"
        d={bandPath(xs, inUnit(profile.p5), inUnit(profile.p95), sx, sy)}
      />
      <path
        className="rchart__band--inner"
        d={bandPath(xs, inUnit(profile.p25), inUnit(profile.p75), sx, sy)}
      />
      <path className="rchart__median" d={runsPath(median, sx, sy)} />
    </svg>
  );
}
