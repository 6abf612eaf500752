import {
  columnsByLocalDay,
  dailyProfileColumns,
  glucoseStatsByLocalDay,
  localMinuteOfDay,
  SEGMENT_BIN_MINUTES,
  sensorWear,
  type DailyInsulin,
} from '@cgm/domain';
import type { DsResponse, OlResponse, TaResponse } from '@cgm/contract';
import type { z } from 'zod';
import type { dashboardReport, ProfileColumns } from '@cgm/contract';
import { dailyInsulinBlock, insulinBlock, profileBlock, statsBlock } from './blocks';
import { insulinOf, rangeStats, type GlucoseInput } from './report-input';
import type { Thresholds } from './report-range';

/** Every percentile the reports offer: the portal's 10/25/50/75/90 and the AGP page's 5 and 95. */
const ALL_PERCENTILES = [5, 10, 25, 50, 75, 90, 95];

const coverageFigures = (g: GlucoseInput) => ({
  days_with_data: g.coverage.filter((c) => c.count > 0).length,
  valid_days: g.valid.size,
});

/** ds: the range in one block of statistics and one of insulin. */
export function buildDs(
  g: GlucoseInput,
  t: Thresholds,
  insulin: readonly DailyInsulin[],
): DsResponse['report_data'] {
  return {
    stats: statsBlock(rangeStats(g, t)),
    insulin: insulinBlock(insulinOf(insulin)),
    ...coverageFigures(g),
    sensor_wear: sensorWear(g.all, g.fromMs, g.toMs),
  };
}

/**
 * ol: each date's readings on one 0–24 h axis (local time of day of each reading). With valid days
 * only, the days that are not valid are left out (as Clarity's overlay patterns do).
 */
export function buildOl(g: GlucoseInput): OlResponse['report_data'] {
  const byDay = columnsByLocalDay(g.used);
  return {
    days: g.coverage
      .filter((c) => byDay.has(c.day))
      .map((c) => {
        const list = byDay.get(c.day)!;
        return {
          day: c.day,
          valid: c.valid,
          minute: Array.from(list.times, (time, i) => localMinuteOfDay(time, list.offsets[i])),
          mgdl: Array.from(list.values),
        };
      }),
  };
}

/** ta: statistics, the 144-bin daily profile, and each date's ten-minute medians. */
export function buildTa(g: GlucoseInput, t: Thresholds): TaResponse['report_data'] {
  const profile = dailyProfileColumns(g.used, { percentiles: ALL_PERCENTILES });
  const byDay = columnsByLocalDay(g.all);
  return {
    stats: statsBlock(rangeStats(g, t)),
    profile: profileBlock(profile),
    ...coverageFigures(g),
    // The AGP's "time CGM active": every reading of the range over the range's time, as the
    // dashboard's sensor wear, whichever days the statistics use.
    sensor_wear: sensorWear(g.all, g.fromMs, g.toMs),
    days: g.coverage
      .filter((c) => byDay.has(c.day))
      .map((c) => ({
        day: c.day,
        valid: c.valid,
        count: c.count,
        median: dailyProfileColumns(byDay.get(c.day)!, { percentiles: [50] }).percentiles.get(50)!,
      })),
  };
}

export function buildSegment(g: GlucoseInput): ProfileColumns {
  return profileBlock(
    dailyProfileColumns(g.used, { percentiles: ALL_PERCENTILES, binMinutes: SEGMENT_BIN_MINUTES }),
  );
}

/** The dashboard: every statistic of spec §3, and per date the figures its charts draw. */
export function buildDashboard(
  g: GlucoseInput,
  t: Thresholds,
  insulin: readonly DailyInsulin[],
): z.infer<typeof dashboardReport> {
  const perDay = new Map(
    glucoseStatsByLocalDay(g.used, {
      targetLow: t.target_low,
      targetHigh: t.target_high,
      aucAbove: t.auc_above,
      aucBelow: t.auc_below,
    }).map((d) => [d.day, d.stats]),
  );
  const insulinByDay = new Map(insulin.map((d) => [d.day, d]));
  return {
    ...buildDs(g, t, insulin),
    daily: g.coverage
      .filter((c) => perDay.has(c.day) || insulinByDay.has(c.day))
      .map((c) => {
        const s = perDay.get(c.day);
        const ins = insulinByDay.get(c.day);
        return {
          day: c.day,
          count: s?.count ?? 0,
          mean: s?.mean ?? null,
          in_range: s?.timeInRanges?.inRange ?? null,
          insulin: ins ? dailyInsulinBlock(ins) : null,
        };
      }),
  };
}
