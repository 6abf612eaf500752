import { isValidEmail, isValidMobile, normalizeUsername } from '@cgm/domain';
import type { z } from 'zod';
import type { seccodeSendRequest } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { InputProblems } from '../../platform/http/input-problems';
import { createCodeService } from '../../accounts/codes.service';

type SeccodeSendRequest = z.infer<typeof seccodeSendRequest>;

/**
 * Sends the 6-digit code that proves the applicant owns the e-mail address or mobile (spec §4,
 * §5, §9: 60 s between sends). For `register` it does not say whether the address is already
 * registered, so the call cannot be used to probe accounts; the registration itself answers 26.
 */
export function createSeccodeService(ctx: AppContext) {
  const codes = createCodeService(ctx);

  async function send(input: SeccodeSendRequest): Promise<{ error: 0; token: string }> {
    const problems = new InputProblems();
    if (input.email) problems.check(isValidEmail(input.email), 'email', 'validation.email');
    if (input.mobile) problems.check(isValidMobile(input.mobile), 'mobile', 'validation.mobile');
    // The HCP application is made with an e-mail address only (spec §3 "Registration", §4).
    if (input.purpose === 'hcp_apply' && !input.email) problems.add('email', 'validation.email');
    problems.throwIfAny();

    const email = Boolean(input.email);
    const { token } = await codes.issue({
      purpose: input.purpose,
      target: normalizeUsername((email ? input.email : input.mobile) ?? ''),
      channel: email ? 'email' : 'sms',
      language: input.language ?? 'en',
    });
    return { error: 0, token };
  }

  return { send };
}
