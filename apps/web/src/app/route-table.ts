import type { AppRoute } from './app-route';
import { PUBLIC_ROUTES } from './public-routes';
import { ADMIN_ROUTES } from './admin-routes';
import { HCP_ROUTES } from './hcp-routes';
import { PERSONAL_ROUTES } from './personal-routes';
import { PRINT_ROUTES } from './print-routes';
import { PATIENT_ROUTES } from './patient-routes';

// Every route of spec §2 in one table: path, kind, and the screen, or null where another piece of
// work builds it (those show the ordinary NotFound page, like any unknown address). The router is
// generated from this table and the guard reads the kind from it. Each area lists its routes and
// their screens in its own file; the table keeps the areas in this order.

export const ROUTES: readonly AppRoute[] = [
  ...PUBLIC_ROUTES,
  ...ADMIN_ROUTES,
  ...HCP_ROUTES,
  ...PERSONAL_ROUTES,
  ...PRINT_ROUTES,
  ...PATIENT_ROUTES,
];

const BY_PATH: ReadonlyMap<string, AppRoute> = new Map(ROUTES.map((r) => [r.path, r]));

/** Exact, case-sensitive lookup (the spec has both /CreateHCP and /createHcp). */
export function findRoute(pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BY_PATH.get(path || '/');
}
