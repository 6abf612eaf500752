import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerAdminsRoutes } from './admins.routes';
import { registerDeskRoutes } from './desk.routes';
import { registerMembersRoutes } from './members.routes';

/** The account-administration area, part A: admins, homes, history, the HCP desk, members. */
export function registerAdminAccountsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAdminsRoutes(app, ctx);
  registerDeskRoutes(app, ctx);
  registerMembersRoutes(app, ctx);
}
