import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { SessionStore } from '../accounts/session.store';
import { registerNightscoutModule } from './nightscout/nightscout.module';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerIngestRoutes } from './ingest/ingest.routes';
import { registerMonitorRoutes } from './monitor/monitor.routes';
import { registerAlertsRoutes } from './alerts/alerts.routes';
import { registerRegistrationRoutes } from './registration/registration.routes';
import { registerPasswordRoutes } from './password/password.routes';
import { registerProfileRoutes } from './profile/profile.routes';
import { registerSettingsRoutes } from './settings/settings.routes';
import { registerDataOptionsRoutes } from './data-options/data-options.routes';
import { registerPdmRoutes } from './pdm/pdm.routes';
import { registerUploadsRoutes } from './uploads/uploads.routes';
import { registerDataDeleteRoutes } from './data-delete/data-delete.routes';
import { registerReportsRoutes } from './reports/reports.routes';
import { registerRelationsRoutes } from './relations/relations.routes';
import { registerClinicConsentRoutes } from './clinic-consent/clinic-consent.routes';
import { registerMessagesRoutes } from './messages/messages.routes';
import { registerInvitationsRoutes } from './invitations/invitations.routes';
import { registerEventsRoutes } from './events/events.routes';
import { registerRecordsRoutes } from './records/records.routes';
import { registerHistoryRoutes } from './history/history.routes';
import { registerCareTeamRoutes } from './care-team/care-team.routes';
import { registerAdminAccountsRoutes } from './admin-accounts';
import { registerPatientsRoutes } from './patients/patients.routes';
import { registerClinicsRoutes } from './clinics/clinics.routes';
import { registerFirmwareRoutes } from './firmware/firmware.routes';
import { registerUsageStatsRoutes } from './usage-stats/usage.routes';
import { registerPatchResultsRoutes } from './patch-results/patch-results.routes';
import { registerHclPrintRoutes } from './hcl-print/hcl.routes';
import { registerDevDebugRoutes } from './dev-debug/dev-debug.routes';
import { registerDemoProgressRoutes } from './demo-progress/demo-progress.routes';

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
  registerRelationsRoutes(app, ctx);
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
}
