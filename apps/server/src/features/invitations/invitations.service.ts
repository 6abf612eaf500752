import { randomInt } from 'node:crypto';
import { ErrorCode } from '@cgm/domain';
import type { InvitationItem } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { createInvitationsRepository, type InvitationRow } from './invitations.repository';

/** A code is valid 30 days; a follower holds at most this many unused, unexpired codes at once. */
export const INVITATION_DAYS = 30;
export const OPEN_INVITATIONS_MAX = 20;
/** Letters and digits that cannot be mistaken for one another when read out or typed (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** 8 characters of a 31-sign alphabet: about 40 bits, enough for a code that also expires. */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

function itemOf(row: InvitationRow, now: Date): InvitationItem {
  const expires = row.expiresAt ?? new Date(row.createdAt.getTime() + INVITATION_DAYS * 86_400_000);
  return {
    code: row.code,
    created_at: row.createdAt.getTime(),
    expires_at: expires.getTime(),
    // Whoever used it stays unnamed here: the patient decides on the request before the follower
    // learns anything of them (spec §1 "A follower sees a patient's data only after the patient agrees").
    state: row.usedAt || row.usedBy ? 'used' : expires <= now ? 'expired' : 'open',
  };
}

/**
 * Invitation by code (spec §3 status 'invited'): a carer or HCP makes a code naming them; the
 * patient registers with it (registration → access/invited-relation.ts) and then decides on the
 * request it opened, as on any other. The route admits carers and HCPs only.
 */
export function createInvitationsService(ctx: AppContext) {
  const { clock } = ctx;
  const repo = createInvitationsRepository(ctx.db);
  return {
    async list(actor: Actor): Promise<{ error: 0; invitations: InvitationItem[] }> {
      const rows = await repo.latestOf(actor.userId);
      const now = clock.now();
      return { error: 0, invitations: rows.map((r) => itemOf(r, now)) };
    },

    async create(actor: Actor): Promise<{ error: 0; invitation: InvitationItem }> {
      const now = clock.now();
      if ((await repo.openCount(actor.userId, now)) >= OPEN_INVITATIONS_MAX) fail(ErrorCode.RATE_LIMITED);
      const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
      // A clash with an existing code is a one-in-a-trillion event: draw again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await repo.insertUnlessTaken({
          code: newInvitationCode(),
          createdBy: actor.userId,
          createdAt: now,
          expiresAt,
        });
        if (row) return { error: 0, invitation: itemOf(row, now) };
      }
      return fail(ErrorCode.CONFLICT);
    },
  };
}
