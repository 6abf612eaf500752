import { ErrorCode, normalizeUsername } from '@cgm/domain';
import type { LoginRequest, LoginResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { assertHashingRoom, verifyDecoy, verifyPassword } from '../../platform/lib/crypto';
import { fail } from '../../platform/http/api-error';
import type { SessionStore } from '../../accounts/session.store';
import { createUsersRepository, type UserRow } from '../../accounts/users.repository';
import { createCodeService } from '../../accounts/codes.service';
import { assertOnThisSite } from '../../accounts/account-site';
import { doorAdmits, sessionKindOf } from '../../access/sign-in-doors';
import { loginCountsFor, loginResponseFor } from './login-response';
import { issueFirstPasswordChallenge, setFirstPassword } from './first-password';
import { createUnknownLoginRepository } from './unknown-login.repository';

/**
 * Sign-in (spec §4 "Login", §8 login codes). Order matters: an unknown user name answers as a wrong
 * password does (9, then 62; issue 15 overrides the spec's 2, which told who has an account); a try
 * is claimed atomically before the password is checked, so a locked account, or one whose every
 * try is already being checked, answers 62 unchecked (however many guesses arrive at once); a wrong
 * password keeps its try (9 with attempts left, then 62); the user type (10), the region check
 * (71), the user's own password where someone else chose it (112) and the second factor (63) come
 * only after a correct password.
 */
export function createAuthService(ctx: AppContext, sessions: SessionStore) {
  const { clock, config } = ctx;
  const repo = createUsersRepository(ctx.db);
  const codes = createCodeService(ctx);
  const unknown = createUnknownLoginRepository(ctx.db);

  async function startSession(user: UserRow, remember: boolean): Promise<LoginResponse> {
    const kind = sessionKindOf(user);
    const token = await sessions.create(user.id, kind, remember);
    const response = loginResponseFor(
      user,
      await repo.realname(user.id),
      token,
      await loginCountsFor(ctx.db, user),
    );
    // Tells the browser the session lasts 30 days, so it keeps it beyond the tab (administration
    // sessions never do).
    return { ...response, remember: kind === 'user' && remember };
  }

  async function login(input: LoginRequest): Promise<LoginResponse> {
    // In a login storm the password checks' queue may be full: refused before any database work.
    assertHashingRoom();
    const now = clock.now();
    const username = normalizeUsername(input.username);
    const user = await repo.byUsername(username);
    if (!user) return unknownUser(username, input.password, now);

    const attempt = await repo.claimAttempt(user.id, config.LOGIN_MAX_ATTEMPTS, now);
    if (attempt === null) return lockedAnswer((await repo.byId(user.id))?.lockedUntil ?? null, now);
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      if (attempt >= config.LOGIN_MAX_ATTEMPTS) {
        const lockedUntil = new Date(now.getTime() + config.LOGIN_LOCK_MINUTES * 60_000);
        await repo.update(user.id, { lockedUntil, failedAttempts: 0 }, now);
        return fail(ErrorCode.LOCKED, { minutes_left: config.LOGIN_LOCK_MINUTES });
      }
      return fail(ErrorCode.WRONG_PASSWORD, { attempts_left: config.LOGIN_MAX_ATTEMPTS - attempt });
    }
    await repo.update(user.id, { failedAttempts: 0, lockedUntil: null }, now);
    // Only with the right password: before it, 10 told that the user name has an account.
    if (!doorAdmits(input.user_type, user)) return fail(ErrorCode.WRONG_USER_TYPE);
    if (user.status === 'pending' || user.status === 'rejected') return fail(ErrorCode.NOT_APPROVED);
    if (user.status === 'disabled') return fail(ErrorCode.FORBIDDEN, { message: 'errors.accountDisabled' });

    assertOnThisSite(config, user.country);

    if (user.mustChangePassword) {
      const token = await issueFirstPasswordChallenge(ctx, user, input.remember ?? false);
      return fail(ErrorCode.PASSWORD_CHANGE_REQUIRED, { password_token: token });
    }
    return secondFactorOrSession(user, input.remember ?? false);
  }

  /**
   * A user name without an account answers as an account with a wrong password does (issue 15,
   * finding 11: 2 against 9 told which names exist): its tries are counted and locked the same way
   * (unknown-login.repository.ts), and each costs a password check, so neither the code, the tries
   * left nor the time tells them apart.
   */
  async function unknownUser(username: string, password: string, now: Date): Promise<never> {
    const attempt = await unknown.claimAttempt(username, config.LOGIN_MAX_ATTEMPTS, now);
    if (attempt === null) return lockedAnswer(await unknown.lockedUntil(username), now);
    await verifyDecoy(password);
    if (attempt >= config.LOGIN_MAX_ATTEMPTS) {
      await unknown.lock(username, new Date(now.getTime() + config.LOGIN_LOCK_MINUTES * 60_000), now);
      return fail(ErrorCode.LOCKED, { minutes_left: config.LOGIN_LOCK_MINUTES });
    }
    return fail(ErrorCode.WRONG_PASSWORD, { attempts_left: config.LOGIN_MAX_ATTEMPTS - attempt });
  }

  /** 62 with the minutes left; while the last tries are still being checked, the whole lock period. */
  async function lockedAnswer(lockedUntil: Date | null, now: Date): Promise<never> {
    const minutes =
      lockedUntil && lockedUntil > now ? minutesUntil(lockedUntil, now) : config.LOGIN_LOCK_MINUTES;
    return fail(ErrorCode.LOCKED, { minutes_left: minutes });
  }

  /**
   * The account as it is now, for the steps after the password (second factor, resend): a sign-in
   * that waited at the code step never completes once the account was locked, disabled or deleted.
   */
  async function stillAdmitted(userId: string | null): Promise<UserRow> {
    const user = userId ? await repo.byId(userId) : undefined;
    if (!user || user.status !== 'active' || user.deletedAt) return fail(ErrorCode.MFA_CODE_WRONG);
    const now = clock.now();
    if (user.lockedUntil && user.lockedUntil > now) return lockedAnswer(user.lockedUntil, now);
    return user;
  }

  async function secondFactorOrSession(user: UserRow, remember: boolean): Promise<LoginResponse> {
    if (user.mfaEnabled) {
      const { token } = await sendMfaCode(user, remember);
      return fail(ErrorCode.MFA_REQUIRED, { mfa_token: token });
    }
    return startSession(user, remember);
  }

  /** The user's own password after answer 112; then the sign-in goes on (second factor, session). */
  async function firstPassword(passwordToken: string, password: string): Promise<LoginResponse> {
    const { user, remember } = await setFirstPassword(ctx, passwordToken, password);
    return secondFactorOrSession(user, remember);
  }

  function sendMfaCode(user: UserRow, remember: boolean) {
    const channel = user.email ? 'email' : 'sms';
    return codes.issue({
      purpose: 'mfa',
      target: (user.email ?? user.mobile ?? user.username) as string,
      channel,
      language: user.language,
      userId: user.id,
      extra: { remember },
    });
  }

  async function verifyMfa(mfaToken: string, code: string): Promise<LoginResponse> {
    const challenge = await codes.consume(mfaToken, code, 'mfa');
    const user = await stillAdmitted(challenge.userId);
    const remember = Boolean((challenge.extra as { remember?: boolean } | null)?.remember);
    return startSession(user, remember);
  }

  /** A new code for the same sign-in; the answer carries the new challenge token. */
  async function resendMfa(mfaToken: string): Promise<{ error: 0; mfa_token: string }> {
    const challenge = (await codes.find(mfaToken, 'mfa')) ?? fail(ErrorCode.MFA_CODE_WRONG);
    const user = await stillAdmitted(challenge.userId);
    const remember = Boolean((challenge.extra as { remember?: boolean } | null)?.remember);
    const { token } = await sendMfaCode(user, remember);
    return { error: 0, mfa_token: token };
  }

  async function currentSession(userId: string, token: string): Promise<LoginResponse> {
    const user = await repo.byId(userId);
    if (!user) return fail(ErrorCode.UNAUTHORIZED);
    return loginResponseFor(user, await repo.realname(user.id), token, await loginCountsFor(ctx.db, user));
  }

  return { login, firstPassword, verifyMfa, resendMfa, currentSession };
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
