import { z } from 'zod';
import { isoDate } from './common';

// Operations tools of account administration (part B): the hybrid-closed-loop print (/HCLprint).

/** At most 90 local days (spec §9 report ranges). */
export const HCL_MAX_DAYS = 90;
export const hclQuery = z.object({ from: isoDate, to: isoDate });
const nullableNumber = z.number().nullable();
/**
 * An account admin is not the patient's clinician (docs/PERMISSIONS.md: health data is seen only by
 * the person and accepted followers), so the summary carries how the device ran — time in auto mode,
 * its exits, how many sensor readings arrived — and no glucose or insulin figure.
 */
export const hclDay = z.object({
  day: z.string(),
  time_in_auto: nullableNumber,
  auto_exits: z.number().int(),
  readings: z.number().int(),
});
export type HclDay = z.infer<typeof hclDay>;
export const hclReport = z.object({
  patient: z.object({ uid: z.string(), realname: z.string(), username: z.string(), country: z.string() }),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  readings: z.number().int(),
  auto_mode: z.object({
    /** Days with pump data. */
    days: z.number().int(),
    time_in_auto: nullableNumber,
    auto_exits: z.number().int(),
  }),
  daily: z.array(hclDay),
});
export type HclReport = z.infer<typeof hclReport>;
export const hclResponse = z.object({ error: z.literal(0), report: hclReport });
