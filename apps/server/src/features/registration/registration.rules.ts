import { ErrorCode, findCountry } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { fail, invalidInput } from '../../platform/http/api-error';
import type { InputProblems } from '../../platform/http/input-problems';
import { CODE_MAX_ATTEMPTS, type CodeService } from '../../accounts/codes.service';

// Rules shared by patient/carer registration and the HCP application (spec §1, §5, §8).

export function checkCountryKnown(problems: InputProblems, country: string): void {
  problems.check(findCountry(country) !== undefined, 'country', 'validation.country');
}

/** Privacy policy and terms must be accepted, in their current version (spec §5 "Terms"). */
export function checkTerms(ctx: AppContext, agreed: boolean, version: string): void {
  if (!agreed || version !== ctx.config.TERMS_VERSION) fail(ErrorCode.TERMS_REQUIRED);
}

/**
 * The code challenge must still be alive and must have been sent to the address being registered,
 * so a code received at one mailbox cannot register another. Looking does not use the code up.
 */
export async function checkChallengeTarget(
  codes: CodeService,
  token: string,
  purpose: 'register' | 'hcp_apply',
  expectedTarget: string,
  field: 'email' | 'mobile',
  now: Date,
): Promise<void> {
  const challenge = await codes.find(token, purpose);
  if (!challenge || challenge.expiresAt <= now || challenge.attempts >= CODE_MAX_ATTEMPTS) {
    return fail(ErrorCode.CODE_WRONG);
  }
  if (challenge.target !== expectedTarget) invalidInput(field, 'messages.codeIncorrect');
}
