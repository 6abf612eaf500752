import type { AdminScope } from '../../access/admin-scope';

// The admin lists' shared helpers. Who is in scope is decided by access/admin-scope.ts.

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
