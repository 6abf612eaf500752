import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COUNTRIES, ErrorCode } from '@cgm/domain';
import type { AdminScope } from '../../access/admin-scope';
import { countryInScope, scopeCountries } from '../../access/admin-scope';
import { ApiError } from '../../http/api-error';

const ALL_CODES = COUNTRIES.map((c) => c.code);

/**
 * The SQL condition "this country column is within the admin's scope", optionally narrowed to one
 * requested country (which must itself be in scope: asking for another country is refused, not
 * answered with nothing). Refusal is the default: an empty scope matches no row.
 */
export function countryCondition(scope: AdminScope, col: AnyColumn | SQL, only?: string): SQL {
  if (only) {
    if (!countryInScope(scope, only)) throw new ApiError(ErrorCode.FORBIDDEN);
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
