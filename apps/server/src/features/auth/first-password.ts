import { ErrorCode } from '@cgm/domain';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/lib/crypto';
import { revokeSessions, setPasswordHash } from '../../accounts/password.repository';
import { CODE_TTL_MINUTES } from '../../accounts/codes.service';
import { createUsersRepository, type UserRow } from '../../accounts/users.repository';
import {
  consumeFirstPasswordChallenge,
  findOpenFirstPasswordChallenge,
  insertFirstPasswordChallenge,
} from './first-password.repository';

// The first sign-in of an account whose password someone else chose (an HCP creating a patient's
// account, spec §2 /newPatient). Like the second factor, the login opens no session: it answers 112
// with a challenge token, and only the user's own new password, sent with that token, signs them in.
// Until then no call of the API is open to the account, and the person who chose the password
// cannot use it to read the patient's data.

/** The challenge after a correct password: a token only (nothing is mailed), valid 10 minutes. */
export async function issueFirstPasswordChallenge(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  user: UserRow,
  remember: boolean,
): Promise<string> {
  const now = ctx.clock.now();
  const token = newToken();
  await insertFirstPasswordChallenge(
    ctx.db,
    {
      tokenHash: sha256(token),
      // No code is sent: the token is the whole challenge (it is shown to nobody but the signer-in).
      codeHash: sha256(`${token}:`),
      username: user.username,
      userId: user.id,
      remember,
    },
    now,
    new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  );
  return token;
}

/**
 * Sets the user's own password with the challenge token: the rules of a password change (spec §5),
 * different from the one that was chosen for them. The token is used up, the flag cleared, and any
 * other session ended in one transaction. Returns the account, ready for the rest of the sign-in.
 * An unknown, used or expired token answers 104 and changes nothing.
 */
export async function setFirstPassword(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string,
  password: string,
): Promise<{ user: UserRow; remember: boolean }> {
  const now = ctx.clock.now();
  const challenge = await findOpenFirstPasswordChallenge(ctx.db, sha256(token), now);
  const user = challenge?.userId ? await createUsersRepository(ctx.db).byId(challenge.userId) : undefined;
  if (!challenge || !user || user.status !== 'active' || !user.mustChangePassword) {
    return fail(ErrorCode.CODE_WRONG);
  }
  const problems = new InputProblems();
  problems.password('password', password, user.username, 'change');
  if (await verifyPassword(password, user.passwordHash)) problems.add('password', 'password.sameAsOld');
  problems.throwIfAny();
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Two submissions of one token at once: only the first sets the password.
    if (!(await consumeFirstPasswordChallenge(tx, challenge.id, now))) fail(ErrorCode.CODE_WRONG);
    await setPasswordHash(tx, user.id, hash, now);
    await revokeSessions(tx, user.id, now);
  });
  const remember = Boolean((challenge.extra as { remember?: boolean } | null)?.remember);
  return { user: { ...user, passwordHash: hash, mustChangePassword: false }, remember };
}
