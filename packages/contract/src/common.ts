import { z } from 'zod';
import { LANGUAGE_CODES } from '@cgm/domain';

// Every response body carries `error`: 0 on success, otherwise a code of the catalogue in
// @cgm/domain (spec §8). `message` is an i18n key the web app translates; `details` lists field
// problems for bad input.
export const errorBody = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const ok = z.object({ error: z.literal(0) });

export const userType = z.enum(['P', 'D', 'M', 'A']).describe('P patient, D HCP, M carer, A account admin');
export type UserType = z.infer<typeof userType>;

export const createdBy = z.enum(['register', 'hcp', 'hcp_group', 'admin', 'cli']);
export type CreatedBy = z.infer<typeof createdBy>;

export const adminRole = z.enum(['AccountAdminSuper', 'AccountAdmin']);
export type AdminRole = z.infer<typeof adminRole>;

/** The portal's languages: the domain's list (spec §1, §9), never a copy of it. */
export const languageCode = z.enum(LANGUAGE_CODES);

export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'validation.country')
  .transform((s) => s.toUpperCase());

/** Six digits (spec §5). */
export const verificationCode = z.string().regex(/^\d{6}$/, 'validation.code');

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const uid = z.string().min(1).max(64);
