import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { createUsersRepository } from '../../accounts/users.repository';
import { updateAccount } from './profile.repository';

interface Security {
  mfa: boolean;
  show_glucose: boolean;
}

/** Security settings (spec §2 "security": MFA on or off, show glucose value) and terms acceptance. */
export function createSettingsService(ctx: AppContext) {
  const users = createUsersRepository(ctx.db);

  async function user(userId: string) {
    return (await users.byId(userId)) ?? fail(ErrorCode.NOT_FOUND);
  }

  async function getSecurity(userId: string): Promise<{ error: 0; security: Security }> {
    const u = await user(userId);
    return { error: 0, security: { mfa: u.mfaEnabled, show_glucose: u.showGlucose } };
  }

  /** MFA sends its code by e-mail or SMS (spec §4 "MFA on leads to verification code entry"). */
  async function setSecurity(userId: string, input: Security): Promise<{ error: 0; security: Security }> {
    const u = await user(userId);
    const problems = new InputProblems();
    if (input.mfa) problems.check(Boolean(u.email || u.mobile), 'mfa', 'validation.mfaNeedsContact');
    problems.throwIfAny();
    await updateAccount(
      ctx.db,
      userId,
      { mfaEnabled: input.mfa, showGlucose: input.show_glucose },
      ctx.clock.now(),
    );
    return getSecurity(userId);
  }

  /**
   * The privacy policy and terms dialog (spec §2, §5 "Terms": required after an update). Only the
   * current version can be accepted; an older one means the dialog showed outdated text (108).
   */
  async function acceptTerms(userId: string, version: string): Promise<{ error: 0 }> {
    if (version !== ctx.config.TERMS_VERSION) return fail(ErrorCode.TERMS_REQUIRED);
    const now = ctx.clock.now();
    await updateAccount(ctx.db, userId, { termsVersion: version, termsAcceptedAt: now }, now);
    return { error: 0 };
  }

  return { getSecurity, setSecurity, acceptTerms };
}
