import { z } from 'zod';
import { errorBody } from '@cgm/contract';
import type { AlertSenders } from './alert-senders';
import type { AlertsService } from './alerts.service';

// What the alert routes share: one service and one set of senders per app (alerts.routes.ts makes
// them), and the parts of their schemas and access rules that repeat.

export interface AlertRouteDeps {
  alerts: AlertsService;
  senders: AlertSenders;
}

export const tags = ['alerts'];
export const security = [{ bearer: [] }];
export const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const params = z.object({ id: z.string().min(1).max(64) });
/** A follower's own alerts about a patient: their settings, acknowledging, snoozing. */
export const settingsAccess = { kind: 'patient', action: 'settings', op: 'alerts.settings' } as const;
/** The caller's own alerts and browsers, over every patient. */
export const signedIn = { kind: 'signedIn', userTypes: ['P', 'M', 'D'] } as const;
