import { ErrorCode, isValidEmail, normalizeUsername } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { hashPassword, verifyPassword } from '../../platform/lib/crypto';
import { renderMail } from '../../platform/mail/templates';
import { createCodeService } from '../../accounts/codes.service';
import { createUsersRepository, type UserRow } from '../../accounts/users.repository';
import { maskEmail, maskMobile } from './mask';
import { revokeAllCredentials } from '../../accounts/credentials';
import { revokeSessions, setPasswordHash } from '../../accounts/password.repository';

/** Where a user is reached: e-mail when known, otherwise SMS to the mobile. */
function contactOf(user: UserRow): { channel: 'email' | 'sms'; to: string } | null {
  if (user.email) return { channel: 'email', to: user.email };
  if (user.mobile) return { channel: 'sms', to: user.mobile };
  return null;
}

/**
 * Password change (spec §5 "Password change", §7 password/modify) and the reset wizard (spec §4:
 * B verify, C token entered, D done; §7 password/reset/token, password/reset). A new password is
 * checked before anything is used up; afterwards other sign-ins end and the user is told by mail,
 * so a change they did not make does not go unnoticed.
 */
export function createPasswordService(ctx: AppContext) {
  const { clock } = ctx;
  const users = createUsersRepository(ctx.db);
  const codes = createCodeService(ctx);

  function checkNewPassword(password: string, username: string, context: 'change' | 'reset'): void {
    const problems = new InputProblems();
    problems.password(context === 'change' ? 'new_password' : 'password', password, username, context);
    problems.throwIfAny();
  }

  async function notifyChanged(user: UserRow): Promise<void> {
    const contact = contactOf(user);
    if (!contact) return;
    const mail = renderMail(user.language, 'password.changedSubject', ['password.changedBody']);
    await ctx.mailer.send({ ...contact, ...mail });
  }

  /** The signed-in user's own change: the old password must be right (106); this session stays. */
  async function modify(actor: Actor, oldPassword: string, newPassword: string): Promise<{ error: 0 }> {
    const user = await users.byId(actor.userId);
    if (!user) return fail(ErrorCode.UNAUTHORIZED);
    checkNewPassword(newPassword, user.username, 'change');
    if (!(await verifyPassword(oldPassword, user.passwordHash))) fail(ErrorCode.OLD_PASSWORD_WRONG);
    const hash = await hashPassword(newPassword);
    const now = clock.now();
    await ctx.db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, hash, now);
      await revokeSessions(tx, user.id, now, actor.sessionId);
    });
    await notifyChanged(user);
    return { error: 0 };
  }

  /**
   * Step B: sends a code to the account's e-mail or mobile. Spec §8 names the seccode answer for an
   * unknown user "1 user not exist"; issue 15 (finding 11) overrides it: an unknown user name gets
   * the same answer as a known one, so the wizard cannot be used to find out who has an account.
   */
  async function resetToken(username: string, language?: string) {
    const user = await users.byUsername(normalizeUsername(username));
    if (!user) return unknownResetToken(normalizeUsername(username), language ?? 'en');
    const contact = contactOf(user);
    if (!contact) return fail(ErrorCode.CONFLICT);
    const { token } = await codes.issue({
      purpose: 'reset',
      target: contact.to,
      channel: contact.channel,
      language: language ?? user.language,
      userId: user.id,
    });
    const sentTo = contact.channel === 'email' ? maskEmail(contact.to) : maskMobile(contact.to);
    return { error: 0 as const, token, sent_to: sentTo };
  }

  /**
   * An unknown user name answers as a known one does (issue 15, finding 11: 404 against 200 told
   * which accounts exist): a challenge is made and counted against the same 60 s and daily limits,
   * but no code is sent and none can ever succeed (it names no user: `reset` answers 104).
   */
  async function unknownResetToken(username: string, language: string) {
    const channel = isValidEmail(username) ? 'email' : 'sms';
    const { token } = await codes.issue({
      purpose: 'reset',
      target: username,
      channel,
      language,
      send: false,
    });
    return {
      error: 0 as const,
      token,
      sent_to: channel === 'email' ? maskEmail(username) : maskMobile(username),
    };
  }

  /**
   * Steps C and D: the code sets the new password, ends a lock and every credential (sessions,
   * Nightscout secrets, OAuth grants, device tokens): a reset is what someone does whose password
   * may be known to another, so nothing opened with the old one stays open.
   */
  async function reset(token: string, code: string, password: string): Promise<{ error: 0 }> {
    const challenge = await codes.find(token, 'reset');
    const user = challenge?.userId ? await users.byId(challenge.userId) : undefined;
    if (!user) return fail(ErrorCode.CODE_WRONG);
    checkNewPassword(password, user.username, 'reset');
    await codes.consume(token, code, 'reset');
    const hash = await hashPassword(password);
    const now = clock.now();
    await ctx.db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, hash, now);
      await revokeAllCredentials(tx, user.id, now);
    });
    await notifyChanged(user);
    return { error: 0 };
  }

  return { modify, resetToken, reset };
}
