import { ErrorCode, needsGuardianConsent, normalizeUsername } from '@cgm/domain';
import type { RegisterRequest } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/api-error';
import { InputProblems, isoDay } from '../../platform/http/input-problems';
import { hashPassword } from '../../platform/lib/crypto';
import { createAccount } from '../../accounts/create-account';
import { checkNewPerson } from '../../accounts/new-account-rules';
import { isUniqueViolation } from '../../platform/db/errors';
import { createCodeService } from '../../accounts/codes.service';
import { createUsersRepository } from '../../accounts/users.repository';
import { findInvitation, invitationUsable, useInvitation } from './registration.repository';
import { assertOnThisSite } from '../../accounts/account-site';
import { checkChallengeTarget, checkCountryKnown, checkTerms } from './registration.rules';
import { createInvitedRelation } from '../../access/invited-relation';

/**
 * Patient and carer registration (spec §2 "Registration", §3, §5, §8 code 26). Everything is
 * checked before anything changes: bad input is a 400 and leaves the code usable; only when every
 * rule holds is the code used up and the account created, in one transaction.
 */
export function createRegistrationService(ctx: AppContext) {
  const { clock } = ctx;
  const codes = createCodeService(ctx);
  const users = createUsersRepository(ctx.db);

  function validate(input: RegisterRequest, username: string, today: string): void {
    const problems = new InputProblems();
    checkNewPerson(problems, input, username);
    checkCountryKnown(problems, input.country);
    // Required: the under-16 guardian consent (spec §5) is decided on it; leaving it out skips nothing.
    if (!input.birthday) problems.add('birthday', 'messages.fillRequired');
    else problems.pastDay('birthday', input.birthday, today);
    problems.throwIfAny();
  }

  async function register(input: RegisterRequest): Promise<{ error: 0; uid: string; username: string }> {
    const now = clock.now();
    const today = isoDay(now);
    const username = normalizeUsername(input.email || input.mobile || '');
    validate(input, username, today);
    await checkChallengeTarget(
      codes,
      input.seccode_token,
      'register',
      username,
      input.email ? 'email' : 'mobile',
      now,
    );
    assertOnThisSite(ctx.config, input.country);
    checkTerms(ctx, input.agree_terms, input.terms_version);
    // Under 16 needs a parent's or guardian's consent (spec §1, §5, §9).
    if (!input.birthday || (needsGuardianConsent(input.birthday, today) && !input.guardian_consent)) {
      fail(ErrorCode.GUARDIAN_CONSENT_REQUIRED);
    }
    const invitation = input.invitation_code || null;
    if (invitation && !invitationUsable(await findInvitation(ctx.db, invitation), now)) {
      fail(ErrorCode.INVITATION_WRONG);
    }
    if (await users.byUsername(username)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);

    const passwordHash = await hashPassword(input.password);
    await codes.consume(input.seccode_token, input.code, 'register');
    try {
      const uid = await ctx.db.transaction(async (tx) => {
        const id = await createAccount(
          tx,
          {
            username,
            passwordHash,
            userType: input.account_type,
            realname: input.realname,
            createdBy: 'register',
            status: 'active',
            country: input.country,
            language: input.language,
            termsVersion: input.terms_version,
            guardianConsent: input.guardian_consent ?? false,
            profile: { birthday: input.birthday ?? null },
          },
          now,
        );
        if (invitation && !(await useInvitation(tx, invitation, id, now))) fail(ErrorCode.INVITATION_WRONG);
        if (invitation) {
          await createInvitedRelation(tx, {
            code: invitation,
            patientId: id,
            patientType: input.account_type,
            now,
          });
        }
        return id;
      });
      return { error: 0, uid, username };
    } catch (err) {
      // Two registrations of one username at once: the unique index decides, the loser gets 26.
      if (isUniqueViolation(err)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);
      throw err;
    }
  }

  return { register };
}
