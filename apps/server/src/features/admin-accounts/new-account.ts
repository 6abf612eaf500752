import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { createAccount, type NewAccount } from '../../accounts/create-account';
import { isUniqueViolation } from '../../platform/db/errors';
import { fail } from '../../platform/http/api-error';

/** An account made in the admin area (an admin, a desk's HCP); a username already taken answers 409. */
export async function createAdminAreaAccount(ctx: AppContext, input: NewAccount): Promise<string> {
  try {
    return await createAccount(ctx.db, input, ctx.clock.now());
  } catch (err) {
    if (isUniqueViolation(err)) fail(ErrorCode.CONFLICT, { message: 'admin.usernameTaken' });
    throw err;
  }
}
