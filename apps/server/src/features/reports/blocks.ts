import type {
  DailyInsulin as DomainDailyInsulin,
  DailyProfileColumns,
  GlucoseStats,
  InsulinSummary,
  ProfileBin,
} from '@cgm/domain';
import type { DailyInsulin, GlucoseStatsBlock, InsulinBlock, ProfileColumns } from '@cgm/contract';

// Domain results in the contract's shape (snake_case, the API's convention). No figure is
// computed here: every number is the domain's.

const bands = (tir: GlucoseStats['timeInRanges']) =>
  tir
    ? {
        very_low: tir.veryLow,
        low: tir.low,
        in_range: tir.inRange,
        high: tir.high,
        very_high: tir.veryHigh,
      }
    : null;

export function statsBlock(s: GlucoseStats): GlucoseStatsBlock {
  return {
    count: s.count,
    mean: s.mean,
    sd: s.sd,
    cv: s.cv,
    min: s.min,
    max: s.max,
    median: s.median,
    q1: s.q1,
    q3: s.q3,
    iqr: s.iqr,
    time_in_ranges: bands(s.timeInRanges),
    time_in_pregnancy_ranges: bands(s.timeInPregnancyRanges),
    in_target: s.inTarget,
    auc_above: s.aucAbove,
    auc_below: s.aucBelow,
    ea1c: s.eA1c,
    gmi: s.gmi,
    ea1c_withheld: s.eA1cWithheld,
    gmi_withheld: s.gmiWithheld,
    covered_pct: s.coveragePct,
    gri: s.gri,
    gri_zone: s.griZone,
    lbgi: s.lbgi,
    hbgi: s.hbgi,
    days: s.days,
    sufficient: s.sufficient,
  };
}

export function insulinBlock(s: InsulinSummary): InsulinBlock {
  return {
    days: s.days,
    total_daily_dose: s.totalDailyDose,
    basal: s.basal,
    bolus: s.bolus,
    bolus_normal: s.bolusNormal,
    bolus_extended: s.bolusExtended,
    bolus_combo: s.bolusCombo,
    auto_basal: s.autoBasal,
    auto_bolus: s.autoBolus,
    basal_percent: s.basalPercent,
    bolus_percent: s.bolusPercent,
    time_in_auto_mode: s.timeInAutoMode,
    auto_mode_exits: s.autoModeExits,
  };
}

export function dailyInsulinBlock(d: DomainDailyInsulin): DailyInsulin {
  return {
    basal: d.basal,
    auto_basal: d.autoBasal,
    bolus: d.bolus,
    bolus_normal: d.bolusNormal,
    bolus_extended: d.bolusExtended,
    bolus_combo: d.bolusCombo,
    auto_bolus: d.autoBolus,
    total: d.total,
    basal_minutes: d.basalMinutes,
    auto_mode_minutes: d.autoModeMinutes,
    suspend_minutes: d.suspendMinutes,
    auto_mode_exits: d.autoModeExits,
  };
}

/** The bins column-wise; `percentiles` must include 5, 10, 25, 50, 75, 90 and 95. */
export function profileColumns(bins: readonly ProfileBin[], binMinutes: number): ProfileColumns {
  const col = (p: number) => bins.map((b) => b.percentiles[p] ?? null);
  return {
    bin_minutes: binMinutes,
    start_min: bins.map((b) => b.startMinute),
    count: bins.map((b) => b.count),
    p5: col(5),
    p10: col(10),
    p25: col(25),
    p50: col(50),
    p75: col(75),
    p90: col(90),
    p95: col(95),
  };
}

/** The same from the domain's columns (dailyProfileColumns), without an object per bin. */
export function profileBlock(c: DailyProfileColumns): ProfileColumns {
  const col = (p: number) => c.percentiles.get(p)!;
  return {
    bin_minutes: c.binMinutes,
    start_min: c.startMinute,
    count: c.count,
    p5: col(5),
    p10: col(10),
    p25: col(25),
    p50: col(50),
    p75: col(75),
    p90: col(90),
    p95: col(95),
  };
}
