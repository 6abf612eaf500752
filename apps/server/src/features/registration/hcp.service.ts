import {
  ErrorCode,
  isValidEmail,
  isValidMobile,
  isValidRealName,
  REAL_NAME_PROBLEM,
  normalizeUsername,
} from '@cgm/domain';
import type { HcpApplyRequest } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { hashPassword, newId } from '../../platform/lib/crypto';
import { createAccount } from '../../accounts/create-account';
import { isUniqueViolation } from '../../platform/db/errors';
import { renderMail } from '../../platform/mail/templates';
import { createCodeService } from '../../accounts/codes.service';
import { createUsersRepository, type UserRow } from '../../accounts/users.repository';
import { convertToHcp } from '../../accounts/convert-to-hcp';
import { becomeHcp, insertApplication, setHcpProfile } from './registration.repository';
import { assertOnThisSite } from '../../accounts/account-site';
import { checkChallengeTarget, checkCountryKnown, checkTerms } from './registration.rules';

export interface HcpApplyResult {
  error: 0;
  converted: boolean;
}

/**
 * The HCP application (spec §2 "HCP apply", §4 "HCP application", §8 code 3). A new e-mail gets an
 * HCP account awaiting approval. An existing patient or carer account is converted only after the
 * user confirmed (`convert: true`); the code proves they own the mailbox. As with registration,
 * every rule is checked before the code is used up and anything changes.
 */
export function createHcpService(ctx: AppContext) {
  const { clock } = ctx;
  const codes = createCodeService(ctx);
  const users = createUsersRepository(ctx.db);

  function validate(input: HcpApplyRequest, email: string): void {
    const problems = new InputProblems();
    problems.check(isValidEmail(email), 'email', 'validation.email');
    problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
    problems.password('password', input.password, email, 'register');
    // Spec §5: "Organisation: required for HCP".
    problems.check(input.organisation !== '', 'organisation', 'messages.fillRequired');
    if (input.mobile) problems.check(isValidMobile(input.mobile), 'mobile', 'validation.mobile');
    checkCountryKnown(problems, input.country);
    problems.throwIfAny();
  }

  /** Answers 3 for an account that cannot (or may not yet) become an HCP account. */
  function refuseExisting(existing: UserRow, convert: boolean): void {
    // An account admin's address is not confirmed to strangers: 3 without the type.
    if (existing.userType === 'A') fail(ErrorCode.HCP_APPLY_USER_EXISTS);
    // A disabled account stays disabled: converting must not be a way back in (as at login).
    if (existing.status === 'disabled') fail(ErrorCode.FORBIDDEN, { message: 'errors.accountDisabled' });
    if (existing.userType === 'D' || !convert) {
      fail(ErrorCode.HCP_APPLY_USER_EXISTS, { existing_type: existing.userType });
    }
  }

  async function apply(input: HcpApplyRequest): Promise<HcpApplyResult> {
    const now = clock.now();
    const email = normalizeUsername(input.email);
    validate(input, email);
    await checkChallengeTarget(codes, input.seccode_token, 'hcp_apply', email, 'email', now);
    assertOnThisSite(ctx.config, input.country);
    checkTerms(ctx, input.agree_terms, input.terms_version);
    const existing = await users.byUsername(email);
    if (existing) refuseExisting(existing, input.convert ?? false);

    const passwordHash = await hashPassword(input.password);
    await codes.consume(input.seccode_token, input.code, 'hcp_apply');
    const account = {
      passwordHash,
      country: input.country,
      language: input.language,
      mobile: input.mobile || existing?.mobile || null,
      termsVersion: input.terms_version,
    };
    const profile = {
      realname: input.realname,
      organisation: input.organisation,
      major: input.major ?? 'unspecified',
    };
    const application = { id: newId(), organisation: input.organisation, now };

    if (existing) {
      const fromType = existing.userType as 'P' | 'M';
      await ctx.db.transaction(async (tx) => {
        await convertToHcp(tx, existing.id, now);
        if (!(await becomeHcp(tx, existing.id, fromType, { ...account, now }))) {
          fail(ErrorCode.HCP_APPLY_USER_EXISTS, { existing_type: 'D' });
        }
        await setHcpProfile(tx, existing.id, { ...profile, now });
        await insertApplication(tx, { ...application, userId: existing.id, convertedFrom: fromType });
      });
      await mail(email, input.language, 'account.convertedSubject', 'account.convertedBody', {
        name: input.realname,
      });
      return { error: 0, converted: true };
    }

    try {
      await ctx.db.transaction(async (tx) => {
        const { major, ...named } = profile;
        const uid = await createAccount(
          tx,
          {
            username: email,
            userType: 'D',
            createdBy: 'register',
            status: 'pending',
            ...account,
            ...named,
            profile: { major },
          },
          now,
        );
        await insertApplication(tx, { ...application, userId: uid, convertedFrom: null });
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone registered this address a moment ago.
      const winner = await users.byUsername(email);
      fail(
        ErrorCode.HCP_APPLY_USER_EXISTS,
        winner?.userType === 'A' ? {} : { existing_type: winner?.userType },
      );
    }
    await mail(email, input.language, 'hcp.submittedSubject', 'hcp.submittedBody', {
      name: input.realname,
      organisation: input.organisation,
    });
    return { error: 0, converted: false };
  }

  async function mail(
    to: string,
    language: string,
    subject: string,
    body: string,
    vars: Record<string, string>,
  ) {
    await ctx.mailer.send({ channel: 'email', to, ...renderMail(language, subject, [body], vars) });
  }

  return { apply };
}
