import { z } from 'zod';

// Fields shared by the operations tools of the account-administration area (spec §2 account-admin
// screens; issue "account administration, clinics and operations", part B). Times are epoch
// milliseconds UTC; days are YYYY-MM-DD.

export const epochMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);
export const page = z.coerce.number().int().min(1).max(100_000).default(1);
export const size = z.coerce.number().int().min(1).max(100).default(20);
export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

export const opsPaging = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
