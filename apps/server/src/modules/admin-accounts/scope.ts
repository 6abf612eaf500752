import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COUNTRIES, ErrorCode } from '@cgm/domain';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../http/auth';
import { ApiError } from '../../http/api-error';
import { adminScopeOf, scopeCountries, type AdminScope } from '../../access/admin-scope';

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

/** The SQL condition "this country column is within the scope" (refusal when the scope is empty). */
export function inScope(scope: AdminScope, column: AnyColumn): SQL {
  const codes = scopeCountries(scope, ALL_CODES);
  if (codes === null) return sql`true`;
  if (codes.length === 0) return sql`false`;
  return inArray(column, codes);
}

/** The scope as the contract shows it: null for the super admin's "everything". */
export function scopeView(scope: AdminScope): { countries: string[]; regions: string[] } | null {
  return scope.all ? null : { countries: [...scope.countries], regions: [...scope.regions] };
}

/** Page arithmetic of every admin list. */
export function pageOf(total: number, page: number, size: number) {
  return { page, pages: Math.max(1, Math.ceil(total / size)), total };
}

/** `%q%` for ILIKE, with the pattern characters of the user's text taken literally. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
