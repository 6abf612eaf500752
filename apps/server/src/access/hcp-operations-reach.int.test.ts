import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HCP_OPERATIONS } from '@cgm/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { HCP_ACCOUNTS } from '../../test-support/permission-cast';
import { PERMISSION_TABLE } from '../../test-support/permission-table';
import { SERVER_SRC, sourcesMatching } from '../../test-support/source-files';

// HCP_OPERATIONS is what the HCP history's filter offers (the web app's care-team history screen),
// so it must be exactly the operations an HCP can have on record: an operation no HCP can reach
// always shows an empty list. Who passes a route is decided in access/ alone; the permission table
// states it per route, and permission-table.int.test holds the table to the server's real answers
// for every route × role × relation state. An HCP's row comes from the `op` of a route some HCP
// account (registered HCP, group member or manager, clinic login, admin login, in any relation
// state) passes, or from a service that writes the history itself for work no route's `op` names.
// The compiler already holds every HCP row a service writes to the list (operation-history.ts);
// a service's operations are found here as the list's keys named in its source.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

interface RouteOp {
  route: string;
  op: string;
  hcpPasses: boolean;
}

/** The routes that name an HCP operation, and whether any HCP account gets past their access rule. */
function routeOperations(): RouteOp[] {
  return t.routes.flatMap((r) => {
    const access = r.access;
    if ((access.kind !== 'patient' && access.kind !== 'hcpWork') || !('op' in access) || !access.op)
      return [];
    const route = `${r.method} ${r.url}`;
    const allowed = PERMISSION_TABLE[route]?.allow ?? [];
    return [{ route, op: access.op, hcpPasses: allowed.some((a) => HCP_ACCOUNTS.includes(a)) }];
  });
}

/** Operations named in the services that write the HCP history themselves (outside access/). */
function serviceOperations(): string[] {
  const offered: ReadonlySet<string> = new Set(HCP_OPERATIONS);
  const writers = sourcesMatching(/\brecord(Operation|HcpChange|HcpReads)\(/).filter(
    (path) => !path.startsWith('access/'),
  );
  const literals = writers.flatMap((path) =>
    [...readFileSync(join(SERVER_SRC, path), 'utf8').matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)].map(
      (m) => m[1]!,
    ),
  );
  return [...new Set(literals.filter((l) => offered.has(l)))];
}

describe('the operations the HCP history offers', () => {
  it('are named only by routes some HCP account passes', () => {
    const ops = routeOperations();
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.filter((r) => !r.hcpPasses).map((r) => `${r.route} (${r.op})`)).toEqual([]);
  });

  it('are exactly what an HCP can have on record: the routes they pass and the services’ own', () => {
    const reachable = new Set([
      ...routeOperations()
        .filter((r) => r.hcpPasses)
        .map((r) => r.op),
      ...serviceOperations(),
    ]);
    expect([...HCP_OPERATIONS].sort()).toEqual([...reachable].sort());
  });
});
