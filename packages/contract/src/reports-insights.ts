import { z } from 'zod';
import {
  EPISODE_MIN_MINUTES,
  LOW_BELOW,
  MEAL_PERIODS,
  VALID_DAY_MIN_SECONDS,
  VERY_HIGH_ABOVE,
} from '@cgm/domain';
import { isoDate } from './common';
import { epochMsField, glucoseStatsBlock, mgdl, profileColumns, reportEnvelope } from './reports-blocks';

// Comparing two periods and glucose patterns (issue 18 items 3 and 4; docs/PATTERNS.md). Glucose in
// mg/dL, days the patient's local dates, as every report answer.

const range = (which: string) => ({
  from: isoDate.describe(`First local date of the ${which} (included)`),
  to: isoDate.describe(`Last local date of the ${which} (included); not before its first`),
});

/** GET report/{id}/compare: two ranges of at most 90 days each (400 as the other reports). */
export const compareQuery = z.object({
  ...range('later period'),
  base_from: isoDate.describe('First local date of the earlier period it is compared with'),
  base_to: isoDate.describe('Last local date of the earlier period'),
});
export type CompareQuery = z.infer<typeof compareQuery>;

const episodes = (what: string) => z.number().int().describe(what);

export const comparePeriod = z.object({
  from: isoDate,
  to: isoDate,
  from_ms: epochMsField.describe('Local midnight of `from`'),
  to_ms: epochMsField.describe('Local midnight after `to` (exclusive)'),
  stats: glucoseStatsBlock,
  profile: profileColumns.describe('144 bins of 10 minutes (the AGP curve: median and 25–75 % band)'),
  days_with_data: z.number().int(),
  valid_days: z.number().int().describe(`Days with more than ${VALID_DAY_MIN_SECONDS} s of data (spec §9)`),
  sensor_wear: z.number().nullable().describe('Time CGM active, % (domain sensorWear)'),
  lows: episodes(
    `Low episodes: < ${LOW_BELOW} mg/dL for ≥ ${EPISODE_MIN_MINUTES} minutes (consensus, Battelino 2023)`,
  ),
  highs: episodes(
    `High episodes: > ${VERY_HIGH_ABOVE} mg/dL for ≥ ${EPISODE_MIN_MINUTES} minutes (consensus level 2, Battelino 2023)`,
  ),
});
export type ComparePeriod = z.infer<typeof comparePeriod>;

export const compareResponse = z.object({
  error: z.literal(0),
  patient: z.string(),
  unit: reportEnvelope.unit,
  display_unit: reportEnvelope.display_unit,
  thresholds: reportEnvelope.thresholds,
  current: comparePeriod.describe('The later period (from–to)'),
  previous: comparePeriod.describe('The earlier period (base_from–base_to)'),
});
export type CompareResponse = z.infer<typeof compareResponse>;

/** GET report/{id}/patterns: one range of at most 90 days. */
export const patternsQuery = z.object(range('period'));
export type PatternsQuery = z.infer<typeof patternsQuery>;

export const patternKind = z.enum(['nightLows', 'recurringLows', 'postMealHighs', 'recurringHighs']);
export type PatternKindField = z.infer<typeof patternKind>;

export const patternFinding = z.object({
  kind: patternKind,
  from_min: z.number().int().describe('Start of the time of day, minutes after local midnight'),
  to_min: z.number().int().describe('End (exclusive), minutes after local midnight; night meals wrap'),
  meal: z.enum(MEAL_PERIODS).nullable().describe('Post-meal highs: the meal period'),
  days: z.array(isoDate).describe('The local dates the finding rests on'),
});
export type PatternFindingItem = z.infer<typeof patternFinding>;

export const patternsResponse = z.object({
  ...reportEnvelope,
  report_data: z.object({
    findings: z.array(patternFinding),
    meals: z.number().int().describe('Meal starts with carbohydrate recorded in the range'),
    days_with_data: z.number().int(),
    min_days: z
      .object({ low: z.number().int(), high: z.number().int(), post_meal: z.number().int() })
      .describe('Days a finding needs over this range (2, 3 and 2 per 14 days)'),
    limits: z.object({
      low_below: mgdl('Low episodes below'),
      high_above: mgdl('High episodes above'),
      post_meal_above: mgdl('Post-meal high above'),
    }),
  }),
});
export type PatternsResponse = z.infer<typeof patternsResponse>;
