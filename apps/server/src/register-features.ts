import type { FastifyInstance } from 'fastify';
import type { AppContext } from './platform/context';
import type { SessionStore } from './accounts/session.store';
import { registerNightscoutModule } from './features/nightscout/nightscout.module';
import { registerImportsRoutes } from './features/imports/imports.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerIngestRoutes } from './features/ingest/ingest.routes';
import { monitorDeviceStates, registerMonitorRoutes } from './features/monitor';
import { registerAlertsRoutes } from './features/alerts/alerts.routes';
import { registerRegistrationRoutes } from './features/registration/registration.routes';
import { registerPasswordRoutes } from './features/password/password.routes';
import { registerProfileRoutes } from './features/profile/profile.routes';
import { registerSettingsRoutes } from './features/settings/settings.routes';
import { registerDataOptionsRoutes } from './features/data-options/data-options.routes';
import { registerPdmRoutes } from './features/pdm/pdm.routes';
import { registerUploadsRoutes } from './features/uploads/uploads.routes';
import { registerDataDeleteRoutes } from './features/data-delete/data-delete.routes';
import { registerReportsRoutes } from './features/reports/reports.routes';
import { registerRelationsRoutes } from './features/relations/relations.routes';
import { registerClinicConsentRoutes } from './features/clinic-consent/clinic-consent.routes';
import { registerMessagesRoutes } from './features/messages/messages.routes';
import { registerInvitationsRoutes } from './features/invitations/invitations.routes';
import { registerEventsRoutes } from './features/events/events.routes';
import { registerRecordsRoutes } from './features/records/records.routes';
import { registerHistoryRoutes } from './features/history/history.routes';
import { registerCareTeamRoutes } from './features/care-team/care-team.routes';
import { registerAdminAccountsRoutes } from './features/admin-accounts';
import { registerPatientsRoutes } from './features/patients/patients.routes';
import { registerClinicsRoutes } from './features/clinics/clinics.routes';
import { registerFirmwareRoutes } from './features/firmware/firmware.routes';
import { registerUsageStatsRoutes } from './features/usage-stats/usage.routes';
import { registerPatchResultsRoutes } from './features/patch-results/patch-results.routes';
import { registerHclPrintRoutes } from './features/hcl-print/hcl.routes';
import { registerDevDebugRoutes } from './features/dev-debug/dev-debug.routes';
import { registerDemoProgressRoutes } from './demo/demo-progress.routes';

/** Every feature module registers its routes here; each route's access rule (access/route-access.ts) runs before its handler. */
export async function registerModules(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionStore,
): Promise<void> {
  registerAuthRoutes(app, ctx, sessions);
  registerDemoProgressRoutes(app, ctx);
  registerIngestRoutes(app, ctx);
  registerMonitorRoutes(app, ctx);
  registerAlertsRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerDataOptionsRoutes(app, ctx);
  registerPdmRoutes(app, ctx);
  registerUploadsRoutes(app, ctx);
  registerDataDeleteRoutes(app, ctx);
  registerRelationsRoutes(app, ctx, monitorDeviceStates(ctx));
  registerClinicConsentRoutes(app, ctx);
  registerMessagesRoutes(app, ctx);
  registerInvitationsRoutes(app, ctx);
  registerEventsRoutes(app, ctx);
  registerRecordsRoutes(app, ctx);
  registerHistoryRoutes(app, ctx);
  registerCareTeamRoutes(app, ctx);
  registerPatientsRoutes(app, ctx);
  registerAdminAccountsRoutes(app, ctx);
  registerClinicsRoutes(app, ctx);
  registerFirmwareRoutes(app, ctx);
  registerUsageStatsRoutes(app, ctx);
  registerPatchResultsRoutes(app, ctx);
  registerHclPrintRoutes(app, ctx);
  registerDevDebugRoutes(app, ctx);
  registerReportsRoutes(app, ctx);
  await registerNightscoutModule(app, ctx);
  registerImportsRoutes(app, ctx);
}
