import { ErrorCode } from '@cgm/domain';
import type { Actor } from '../platform/http/auth';
import { fail } from '../platform/http/api-error';
import { assertInScope, type AdminScope } from './admin-scope';

/**
 * Which accounts an administrator may change (spec §1 account-administration area;
 * docs/PERMISSIONS.md). Refusals are 403, as everywhere in the area.
 */

/**
 * An account found for an admin within their scope. A missing account and one outside the scope
 * answer the same (403) to a scoped admin, so the scope reveals no accounts; the super admin,
 * who sees everything, is told 404.
 */
export function accountInScope<T extends { country?: string | null }>(
  scope: AdminScope,
  account: T | undefined,
): T {
  if (!account) return scope.all ? fail(ErrorCode.NOT_FOUND) : fail(ErrorCode.FORBIDDEN);
  assertInScope(scope, account.country);
  return account;
}

/** Only an AccountAdmin is administered from the admins list: never the super admin. */
export function assertAdministeredAdmin(target: { role: string | null }): void {
  if (target.role !== 'AccountAdmin') fail(ErrorCode.FORBIDDEN);
}

/** An admin does not switch off or delete their own account (that could lock everyone out). */
export function assertNotOneself(actor: Actor, targetId: string): void {
  if (targetId === actor.userId) fail(ErrorCode.FORBIDDEN);
}
