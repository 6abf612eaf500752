import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COUNTRIES, ErrorCode, findCountry, type Region } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';
import type { Actor } from '../platform/http/auth';
import { ApiError } from '../platform/http/api-error';

/**
 * Which accounts an account admin may act on (spec §1 account-administration area; docs/PERMISSIONS.md).
 * The super admin administers everything; every other account admin only the countries and regions
 * of their scope. An account without a country in scope is outside it: refusal is the default.
 */
export type AdminScope =
  { all: true } | { all: false; countries: readonly string[]; regions: readonly Region[] };

export async function adminScopeOf(db: Db, actor: Actor): Promise<AdminScope> {
  if (actor.userType !== 'A') throw new ApiError(ErrorCode.FORBIDDEN);
  if (actor.role === 'AccountAdminSuper') return { all: true };
  const rows = await db
    .select({ scope: users.adminScope })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const scope = rows[0]?.scope ?? {};
  return {
    all: false,
    countries: (scope.countries ?? []).map((c) => c.toUpperCase()),
    regions: (scope.regions ?? []) as Region[],
  };
}

/** True when an account of this country is within the scope. */
export function countryInScope(scope: AdminScope, country: string | null | undefined): boolean {
  if (scope.all) return true;
  if (!country) return false;
  const code = country.toUpperCase();
  if (scope.countries.includes(code)) return true;
  const region = findCountry(code)?.region;
  return region !== undefined && scope.regions.includes(region);
}

/** The country codes of a scope (for SQL filters); null means every country. */
export function scopeCountries(scope: AdminScope, allCountries: readonly string[]): string[] | null {
  if (scope.all) return null;
  return allCountries.filter((c) => countryInScope(scope, c));
}

/** Throws 403 unless the account's country is within the admin's scope. */
export function assertInScope(scope: AdminScope, country: string | null | undefined): void {
  if (!countryInScope(scope, country)) throw new ApiError(ErrorCode.FORBIDDEN);
}

const ALL_CODES = COUNTRIES.map((c) => c.code);

/**
 * The scope of whoever works at the HCP desk (docs/PERMISSIONS.md "The HCP desk"): an account admin
 * has their own scope; the admin login, an HCP account with no scope of its own, acts on its own
 * country only, so a desk in one country cannot approve clinicians of another.
 */
export async function deskScopeOf(db: Db, actor: Actor): Promise<AdminScope> {
  if (actor.userType === 'A') return adminScopeOf(db, actor);
  if (actor.userType !== 'D' || !actor.flags.adminLogin) throw new ApiError(ErrorCode.FORBIDDEN);
  const rows = await db.select({ country: users.country }).from(users).where(eq(users.id, actor.userId));
  const country = rows[0]?.country;
  return { all: false, countries: country ? [country.toUpperCase()] : [], regions: [] };
}

/**
 * The SQL condition "this country column is within the admin's scope", optionally narrowed to one
 * requested country (which must itself be in scope: asking for another country is refused, not
 * answered with nothing). Refusal is the default: an empty scope matches no row.
 */
export function countryCondition(scope: AdminScope, col: AnyColumn | SQL, only?: string): SQL {
  if (only) {
    assertInScope(scope, only);
    return sql`${col} = ${only.toUpperCase()}`;
  }
  const codes = scopeCountries(scope, ALL_CODES);
  if (codes === null) return sql`true`;
  if (codes.length === 0) return sql`false`;
  return sql`${col} in (${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )})`;
}
