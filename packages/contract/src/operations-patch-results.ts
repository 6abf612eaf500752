import { z } from 'zod';
import { isDeviceSerial } from '@cgm/domain';
import { countryCode, isoDate } from './common';
import { epochMs, page, size, opsPaging } from './operations-fields';

// Operations tools of account administration (part B): patch-app results (/EasyPatchResult).

export const patchResultKind = z.enum(['activation', 'self_test']);
export const patchResultOutcome = z.enum(['pass', 'fail']);

/** What the patch app reports, with its device token (access kind 'device'). */
export const patchResultsReport = z.object({
  results: z
    .array(
      z.object({
        serial: z.string().trim().refine(isDeviceSerial, 'firmware.errors.serial'),
        kind: patchResultKind,
        result: patchResultOutcome,
        code: z.string().trim().max(40).nullable().optional(),
        details: z.record(z.string(), z.unknown()).nullable().optional(),
        reported_at: epochMs,
      }),
    )
    .min(1)
    .max(500),
});
export type PatchResultsReport = z.input<typeof patchResultsReport>;
export const patchResultsReportResponse = z.object({
  error: z.literal(0),
  stored: z.number().int(),
  duplicates: z.number().int(),
});

export const patchResultsQuery = z.object({
  serial: z.string().trim().max(40).optional(),
  kind: patchResultKind.optional(),
  result: patchResultOutcome.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  country: countryCode.optional(),
  page,
  size,
});
export const patchResult = z.object({
  id: z.string(),
  serial: z.string(),
  kind: patchResultKind,
  result: patchResultOutcome,
  code: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  country: z.string().nullable(),
  reported_at: z.number(),
  received_at: z.number(),
});
export type PatchResult = z.infer<typeof patchResult>;
export const patchResultsResponse = z.object({
  error: z.literal(0),
  results: z.array(patchResult),
  paging: opsPaging,
});
