import type {
  ComparePeriod,
  CompareQuery,
  CompareResponse,
  PatternsQuery,
  PatternsResponse,
} from '@cgm/contract';
import {
  glucoseEpisodes,
  glucosePatterns,
  localDayKey,
  PATTERN_HIGH_ABOVE_MGDL,
  PATTERN_LOW_BELOW_MGDL,
  PATTERN_MIN_DAYS_PER_14,
  patternMinDays,
  POST_MEAL_HIGH_ABOVE_MGDL,
  type MealStart,
} from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { buildTa } from './build-summary';
import { glucoseInput, type GlucoseInput } from './report-input';
import { displayUnitOf, localRange, RANGE_LIMIT, thresholdsOf, type LocalRange } from './report-range';
import { createReportsRepository, type PatientContext, type SmallRows } from './reports.repository';

/** Meal starts with carbohydrate: bolus wizard entries (details.carb) and CARB events, of the range's dates. */
export function mealStarts(small: Pick<SmallRows, 'boluses' | 'events'>, range: LocalRange): MealStart[] {
  const inRange = (time: number, offset: number) => {
    const day = localDayKey(time, offset);
    return day >= range.from && day <= range.to;
  };
  const meals: MealStart[] = [];
  for (const b of small.boluses) {
    const carbs = b.details?.carb ?? 0;
    if (carbs > 0 && inRange(b.time, b.utc_offset_min))
      meals.push({ time: b.time, utcOffsetMin: b.utc_offset_min, carbs });
  }
  for (const e of small.events) {
    if (e.type === 'CARB' && typeof e.value === 'number' && e.value > 0 && inRange(e.time, e.utc_offset_min))
      meals.push({ time: e.time, utcOffsetMin: e.utc_offset_min, carbs: e.value });
  }
  return meals;
}

/**
 * Comparing two periods and the glucose patterns of one (issue 18 items 3 and 4). The route guard
 * has applied the access policy; the service checks again, as every service reading patient data.
 * Every figure comes from @cgm/domain: the same statistics and profile as the AGP report, so a
 * period compared here reads as it does there.
 */
export function createInsightsService(ctx: AppContext) {
  const repo = createReportsRepository(ctx.readDb);

  async function glucoseOf(
    patientId: string,
    context: PatientContext,
    range: LocalRange,
  ): Promise<GlucoseInput> {
    const series = await repo.glucose(patientId, range.fetchFrom, range.fetchTo, context.options);
    return glucoseInput(series, range, false, context.latestOffset ?? 0);
  }

  async function period(
    patientId: string,
    context: PatientContext,
    range: LocalRange,
    thresholds: ReturnType<typeof thresholdsOf>,
  ): Promise<ComparePeriod> {
    const g = await glucoseOf(patientId, context, range);
    const ta = buildTa(g, thresholds);
    return {
      from: range.from,
      to: range.to,
      from_ms: g.fromMs,
      to_ms: g.toMs,
      stats: ta.stats,
      profile: ta.profile,
      days_with_data: ta.days_with_data,
      valid_days: ta.valid_days,
      sensor_wear: ta.sensor_wear,
      lows: glucoseEpisodes(g.all, 'below', PATTERN_LOW_BELOW_MGDL).length,
      highs: glucoseEpisodes(g.all, 'above', PATTERN_HIGH_ABOVE_MGDL).length,
    };
  }

  return {
    async compare(actor: Actor, patientId: string, q: CompareQuery): Promise<CompareResponse> {
      const current = localRange(q.from, q.to, RANGE_LIMIT.ta);
      const previous = localRange(q.base_from, q.base_to, RANGE_LIMIT.ta);
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const context = await repo.context(patientId);
      const thresholds = thresholdsOf(context, {});
      const [a, b] = await Promise.all([
        period(patientId, context, current, thresholds),
        period(patientId, context, previous, thresholds),
      ]);
      return {
        error: 0,
        patient: patientId,
        unit: 'mg/dL',
        display_unit: displayUnitOf(context),
        thresholds,
        current: a,
        previous: b,
      };
    },

    async patterns(actor: Actor, patientId: string, q: PatternsQuery): Promise<PatternsResponse> {
      const range = localRange(q.from, q.to, RANGE_LIMIT.ta);
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const context = await repo.context(patientId);
      const [g, small] = await Promise.all([
        glucoseOf(patientId, context, range),
        repo.small(patientId, range.fetchFrom, range.fetchTo, context.options, ['boluses', 'events']),
      ]);
      const meals = mealStarts(small, range);
      const periodDays = g.coverage.length;
      const findings = glucosePatterns({ readings: g.all, meals, periodDays });
      return {
        error: 0,
        patient: patientId,
        from: range.from,
        to: range.to,
        from_ms: g.fromMs,
        to_ms: g.toMs,
        unit: 'mg/dL',
        display_unit: displayUnitOf(context),
        valid_days_only: false,
        thresholds: thresholdsOf(context, {}),
        coverage: g.coverage,
        report_data: {
          findings: findings.map((f) => ({
            kind: f.kind,
            from_min: f.fromMin,
            to_min: f.toMin,
            meal: f.meal,
            days: f.days,
          })),
          meals: meals.length,
          days_with_data: g.coverage.filter((c) => c.count > 0).length,
          min_days: {
            low: patternMinDays(PATTERN_MIN_DAYS_PER_14.low, periodDays),
            high: patternMinDays(PATTERN_MIN_DAYS_PER_14.high, periodDays),
            post_meal: patternMinDays(PATTERN_MIN_DAYS_PER_14.postMeal, periodDays),
          },
          limits: {
            low_below: PATTERN_LOW_BELOW_MGDL,
            high_above: PATTERN_HIGH_ABOVE_MGDL,
            post_meal_above: POST_MEAL_HIGH_ABOVE_MGDL,
          },
        },
      };
    },
  };
}
