import { z } from 'zod';
import { countryCode, isoDate, userType } from './common';

// Operations tools of account administration (part B): usage statistics (/dataStatistics,
// /BasicQuantityRecord) and account counts (/AccountSumarry).

/** At most a year per query: one row per UTC day and country. */
export const USAGE_MAX_DAYS = 366;
export const usageQuery = z.object({
  from: isoDate,
  to: isoDate,
  country: countryCode.optional(),
});
export const usageRow = z.object({
  day: z.string(),
  country: z.string(),
  uploads: z.number().int(),
  active_patients: z.number().int(),
  sensors_started: z.number().int(),
  patches_started: z.number().int(),
  new_accounts: z.number().int(),
});
export type UsageRow = z.infer<typeof usageRow>;
export const usageResponse = z.object({
  error: z.literal(0),
  from: z.string(),
  to: z.string(),
  rows: z.array(usageRow),
  /** Sums over the rows, except active_patients: distinct patients over the whole period. */
  totals: usageRow.omit({ day: true, country: true }),
});
export type UsageResponse = z.infer<typeof usageResponse>;

export const ACCOUNT_STATES = ['active', 'pending', 'rejected', 'disabled', 'deleted'] as const;
export const accountSummaryQuery = z.object({
  months: z.coerce.number().int().min(1).max(60).default(12),
  country: countryCode.optional(),
});
const countOf = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count: z.number().int() }));
export const accountSummaryResponse = z.object({
  error: z.literal(0),
  /** Accounts not deleted. */
  total: z.number().int(),
  by_type: countOf(userType),
  by_country: countOf(z.string()),
  by_region: countOf(z.string()),
  by_state: countOf(z.enum(ACCOUNT_STATES)),
  monthly: z.array(
    z.object({
      month: z.string(),
      created: z.number().int(),
      deleted: z.number().int(),
      /** Accounts existing at the month's end. */
      total: z.number().int(),
      /** The same three figures per account type (P, D, M, A), every type listed. */
      by_type: z.array(
        z.object({
          key: userType,
          created: z.number().int(),
          deleted: z.number().int(),
          total: z.number().int(),
        }),
      ),
    }),
  ),
});
export type AccountSummaryResponse = z.infer<typeof accountSummaryResponse>;
