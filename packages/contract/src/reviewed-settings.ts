import { z } from 'zod';
import { basalPatternName, pdmSettings } from './pdm-settings';

// Device settings as the device-settings report reads them back. A PDM reports every setting; an
// app that uploads a Nightscout profile (Loop, Trio, AndroidAPS) knows only the basal schedule,
// carb ratios, sensitivity, targets and insulin duration. Whatever the source did not send is
// absent, never filled in: a made-up maximum bolus or alert limit would mislead a clinician.

const full = pdmSettings.shape;

export const reviewedPdmSettings = pdmSettings.partial().extend({
  pdm_serial: full.pdm_serial,
  basal: z
    .object({
      max_basal_rate: full.basal.shape.max_basal_rate.optional(),
      active_pattern: basalPatternName,
      patterns: full.basal.shape.patterns.partial(),
    })
    .optional(),
  bolus: full.bolus.partial().optional(),
});
export type ReviewedPdmSettings = z.infer<typeof reviewedPdmSettings>;
