import { and, count, desc, eq, gt, isNull, min } from 'drizzle-orm';
import { ErrorCode, RESEND_CODE_WAIT_SECONDS } from '@cgm/domain';
import type { AppContext } from '../platform/context';
import { verificationCodes } from '../platform/db/schema';
import { newCode, newToken, sha256 } from '../platform/lib/crypto';
import { fail } from '../platform/http/api-error';
import { renderMail } from '../platform/mail/templates';

export type CodePurpose = 'register' | 'hcp_apply' | 'reset' | 'mfa';

/** A code is valid for 10 minutes and allows 5 wrong tries; then a new one must be sent. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * At most this many codes per target and purpose in 24 hours: with 5 tries each, 50 guesses a day
 * at a one-in-a-million code (without the cap, a code a minute allowed about 7,200).
 */
export const CODES_PER_DAY = 10;

export interface IssuedCode {
  token: string;
}

/**
 * One-time verification codes (spec §4, §5, §9): 6 digits, sent by e-mail or SMS, at most one per
 * target and purpose every 60 s and CODES_PER_DAY a day. The client keeps the returned token (the challenge id); the
 * database keeps only hashes of token and code.
 */
export function createCodeService(ctx: AppContext) {
  const { db, clock, mailer } = ctx;

  async function issue(input: {
    purpose: CodePurpose;
    target: string;
    channel: 'email' | 'sms';
    language: string;
    userId?: string | null;
    extra?: Record<string, unknown>;
    /**
     * false: the challenge is made and counted like any other, but nothing is sent (a reset asked for
     * an unknown user name answers as if sent, so the answer does not tell which accounts exist).
     */
    send?: boolean;
  }): Promise<IssuedCode> {
    const now = clock.now();
    const last = await db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, input.purpose), eq(verificationCodes.target, input.target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const sinceLast = last[0] ? (now.getTime() - last[0].createdAt.getTime()) / 1000 : Infinity;
    if (sinceLast < RESEND_CODE_WAIT_SECONDS) {
      fail(ErrorCode.RATE_LIMITED, { wait_seconds: Math.ceil(RESEND_CODE_WAIT_SECONDS - sinceLast) });
    }
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const [today] = await db
      .select({ n: count(), oldest: min(verificationCodes.createdAt) })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, input.purpose),
          eq(verificationCodes.target, input.target),
          gt(verificationCodes.createdAt, dayAgo),
        ),
      );
    if (today?.oldest && today.n >= CODES_PER_DAY) {
      const freeAt = new Date(today.oldest).getTime() + 24 * 3600_000;
      fail(ErrorCode.RATE_LIMITED, { wait_seconds: Math.ceil((freeAt - now.getTime()) / 1000) });
    }
    const token = newToken();
    const code = newCode();
    await db.insert(verificationCodes).values({
      id: sha256(token),
      purpose: input.purpose,
      target: input.target,
      userId: input.userId ?? null,
      codeHash: sha256(`${token}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      extra: input.extra ?? null,
    });
    if (input.send === false) return { token };
    const mail = renderMail(input.language, 'code.subject', [`code.purpose.${input.purpose}`, 'code.body'], {
      code,
      minutes: CODE_TTL_MINUTES,
    });
    const delivery = await mailer.send({ channel: input.channel, to: input.target, ...mail });
    if (delivery === 'failed') {
      // Nothing reached the user: the code goes, so it neither counts against the 60 s wait nor
      // stays usable, and the answer says that sending failed (spec §8 "send failed").
      await db.delete(verificationCodes).where(eq(verificationCodes.id, sha256(token)));
      fail(ErrorCode.SEND_FAILED);
    }
    return { token };
  }

  /** Checks the code; on success marks it used and returns the challenge. Wrong: error 104 (or 64 for MFA). */
  async function consume(token: string, code: string, purpose: CodePurpose) {
    const wrong = purpose === 'mfa' ? ErrorCode.MFA_CODE_WRONG : ErrorCode.CODE_WRONG;
    const rows = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.id, sha256(token)), isNull(verificationCodes.consumedAt)))
      .limit(1);
    const row = rows[0];
    const now = clock.now();
    if (!row || row.purpose !== purpose || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) {
      return fail(wrong);
    }
    if (row.codeHash !== sha256(`${token}:${code}`)) {
      await db
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      return fail(wrong);
    }
    await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, row.id));
    return row;
  }

  /** The unexpired, unused challenge behind a token (for resending an MFA code). */
  async function find(token: string, purpose: CodePurpose) {
    const rows = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.id, sha256(token)))
      .limit(1);
    const row = rows[0];
    if (!row || row.purpose !== purpose || row.consumedAt) return null;
    return row;
  }

  return { issue, consume, find };
}

export type CodeService = ReturnType<typeof createCodeService>;
