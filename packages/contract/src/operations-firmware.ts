import { z } from 'zod';
import {
  FIRMWARE_DEVICE_TYPES,
  FIRMWARE_STATES,
  isCountryCode,
  isDeviceSerial,
  isSemanticVersion,
  REGIONS,
} from '@cgm/domain';
import { uid } from './common';
import { page, size, opsPaging } from './operations-fields';

// Operations tools of account administration (part B): firmware releases (/otamanagement,
// /otamanagementHistory).

export const firmwareDeviceType = z.enum(FIRMWARE_DEVICE_TYPES);
export const firmwareState = z.enum(FIRMWARE_STATES);
/** A target region: one of the six regions, or a country code. */
const firmwareRegion = z
  .string()
  .trim()
  .refine((s) => (REGIONS as readonly string[]).includes(s) || isCountryCode(s), 'firmware.errors.region')
  .transform((s) => ((REGIONS as readonly string[]).includes(s) ? s : s.toUpperCase()));

const firmwareTargets = {
  notes: z.string().trim().max(4000),
  target_serials: z
    .array(z.string().trim().refine(isDeviceSerial, 'firmware.errors.serial'))
    .max(1000)
    .transform((a) => [...new Set(a)]),
  target_regions: z
    .array(firmwareRegion)
    .max(300)
    .transform((a) => [...new Set(a)]),
};

export const firmwareCreateRequest = z
  .object({
    device_type: firmwareDeviceType,
    version: z.string().trim().refine(isSemanticVersion, 'firmware.errors.version'),
    ...firmwareTargets,
  })
  .refine((r) => r.target_serials.length + r.target_regions.length > 0, {
    message: 'firmware.errors.target',
    path: ['target_regions'],
  });
export type FirmwareCreateRequest = z.input<typeof firmwareCreateRequest>;

export const firmwareEditRequest = z
  .object(firmwareTargets)
  .refine((r) => r.target_serials.length + r.target_regions.length > 0, {
    message: 'firmware.errors.target',
    path: ['target_regions'],
  });
export type FirmwareEditRequest = z.input<typeof firmwareEditRequest>;

/** Completing and withdrawing are final (no move back): they need `confirm: true`. */
export const FIRMWARE_CONFIRMED_STATES: ReadonlyArray<z.infer<typeof firmwareState>> = [
  'completed',
  'withdrawn',
];
export const firmwareStateRequest = z
  .object({ state: firmwareState, confirm: z.boolean().optional() })
  .refine((r) => !FIRMWARE_CONFIRMED_STATES.includes(r.state) || r.confirm === true, {
    message: 'admin.confirmRequired',
    path: ['confirm'],
  });

export const firmwareRelease = z.object({
  id: z.string(),
  device_type: firmwareDeviceType,
  version: z.string(),
  notes: z.string(),
  target_serials: z.array(z.string()),
  target_regions: z.array(z.string()),
  state: firmwareState,
  next_states: z.array(firmwareState),
  created_by: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type FirmwareRelease = z.infer<typeof firmwareRelease>;

export const firmwareListQuery = z.object({
  device_type: firmwareDeviceType.optional(),
  state: firmwareState.optional(),
});
export const firmwareListResponse = z.object({
  error: z.literal(0),
  releases: z.array(firmwareRelease),
  /** Whether the caller may create releases and move their state (the super admin). */
  can_manage: z.boolean(),
});
export const firmwareResponse = z.object({ error: z.literal(0), release: firmwareRelease });

export const firmwareHistoryQuery = z.object({ release_id: uid.optional(), page, size });
export const firmwareChange = z.object({
  id: z.number(),
  release_id: z.string().nullable(),
  action: z.string(),
  actor: z.string(),
  at: z.number(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type FirmwareChange = z.infer<typeof firmwareChange>;
export const firmwareHistoryResponse = z.object({
  error: z.literal(0),
  changes: z.array(firmwareChange),
  paging: opsPaging,
});
