import {
  ErrorCode,
  isValidEmail,
  isValidMobile,
  isValidRealName,
  REAL_NAME_PROBLEM,
  normalizeUsername,
} from '@cgm/domain';
import type { GroupUser, GroupUserInfo, GroupUserStatus, groupUserNewRequest } from '@cgm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { createAccount } from '../../accounts/create-account';
import { createUsersRepository } from '../../accounts/users.repository';
import { keepsDataAfterDeletion, purgeAccount } from '../../accounts/retention';
import { recordOperation } from '../../access/operation-history';
import { actingAccount } from '../../access/acting-account';
import { revokeAllCredentials } from '../../accounts/credentials';
import { isUniqueViolation } from '../../platform/db/errors';
import { createCareTeamRepository, type MemberRow } from './care-team.repository';

type NewMember = z.output<typeof groupUserNewRequest>;

function toGroupUser(m: MemberRow): GroupUser {
  return {
    uid: m.uid,
    username: m.username,
    realname: m.realname,
    major: m.major as GroupUser['major'],
    organisation: m.organisation,
    status: m.status,
    created_at: m.createdAt.getTime(),
    patient_count: Number(m.patientCount),
  };
}

/**
 * An HCP group's user management (spec §2 /HcpUserManagement, /HcpGroupUserInfo, /HcpAddUser;
 * docs/PERMISSIONS.md "Care teams"). Only the manager acts, and only on their own group's members:
 * any other id is answered as not found, whether it exists or not, so nothing leaks about other
 * groups. A member's patients are listed by name only; their data stays behind each patient's
 * consent to the HCP who opens it.
 */
export function createCareTeamService(ctx: AppContext) {
  const repo = createCareTeamRepository(ctx.db);

  // Only a group manager reaches these calls: the routes' access rule (`groupManager`,
  // access/hcp-group.ts) refuses everyone else before the body is read.
  async function requireMember(actor: Actor, memberId: string): Promise<MemberRow> {
    return (await repo.member(actor.userId, memberId)) ?? fail(ErrorCode.NOT_FOUND);
  }

  function validate(input: NewMember, username: string): void {
    const problems = new InputProblems();
    problems.check(isValidEmail(username) || isValidMobile(username), 'username', 'validation.emailOrMobile');
    problems.check(isValidRealName(input.realname), 'realname', REAL_NAME_PROBLEM);
    // A new account: the registration rules (at least 8 characters, spec §5).
    problems.password('password', input.password, username, 'register');
    problems.throwIfAny();
  }

  return {
    async list(actor: Actor): Promise<GroupUser[]> {
      return (await repo.members(actor.userId)).map(toGroupUser);
    },

    async info(actor: Actor, memberId: string): Promise<Omit<GroupUserInfo, 'error'>> {
      const member = await requireMember(actor, memberId);
      const patients = await repo.patientsOf(member.uid);
      return {
        user: { ...toGroupUser(member), email: member.email, mobile: member.mobile },
        patients: patients.map((p) => ({
          uid: p.uid,
          realname: p.realname,
          alias: p.alias,
          since: p.since.getTime(),
        })),
      };
    },

    async add(actor: Actor, input: NewMember, ip: string): Promise<{ uid: string; username: string }> {
      const username = normalizeUsername(input.username);
      validate(input, username);
      if (await repo.usernameTaken(username)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);
      const manager = actingAccount(await repo.manager(actor.userId));
      const organisation = input.organisation || manager.organisation;
      const now = ctx.clock.now();
      try {
        return await ctx.db.transaction(async (tx) => {
          const uid = await createAccount(
            tx,
            {
              username,
              password: input.password,
              userType: 'D',
              realname: input.realname,
              createdBy: 'hcp_group',
              status: 'active',
              country: manager.country,
              language: manager.language,
              organisation,
            },
            now,
          );
          await createCareTeamRepository(tx).joinGroup(uid, actor.userId, input.major);
          await recordOperation(
            { db: tx, clock: ctx.clock },
            {
              area: 'hcp',
              actorId: actor.userId,
              subjectId: uid,
              action: 'group.addUser',
              detail: { username, major: input.major },
              ip,
            },
          );
          return { uid, username };
        });
      } catch (err) {
        // Two managers adding one username at once: the unique index decides.
        if (isUniqueViolation(err)) fail(ErrorCode.REGISTER_FAILED_SPECIFIC);
        throw err;
      }
    },

    /**
     * Deletes a member of the group (spec §6 "add and delete users"), after the manager confirmed.
     * Safe for the patients: each patient keeps their account and data; only the member's
     * connections end (accepted ones removed, pending ones cancelled), so the member's access ends
     * at once, live monitors included, and nobody else gains any: consent stays per account, and a
     * patient who wants another HCP of the group must accept that HCP. The history row is written
     * first, with the patients concerned, in the same transaction. The account follows the
     * retention rule of a deleted account (kept closed, or purged at once on the China site).
     */
    async deleteMember(actor: Actor, memberId: string, ip: string): Promise<{ ended: number }> {
      const member = await requireMember(actor, memberId);
      const now = ctx.clock.now();
      const account = await createUsersRepository(ctx.db).byId(member.uid);
      const patients = (await repo.patientsOf(member.uid)).map((p) => p.uid);
      const ended = await ctx.db.transaction(async (tx) => {
        const txRepo = createCareTeamRepository(tx);
        const purge = !keepsDataAfterDeletion(account?.country ?? '');
        await recordOperation(
          { db: tx, clock: ctx.clock },
          {
            area: 'hcp',
            actorId: actor.userId,
            subjectId: member.uid,
            action: 'group.deleteUser',
            detail: { username: member.username, patients, purged: purge },
            ip,
          },
        );
        const closed = await txRepo.endConnections(member.uid, now);
        await revokeAllCredentials(tx, member.uid, now);
        if (purge) await purgeAccount(tx, member.uid);
        else await txRepo.closeAccount(member.uid, now);
        return closed;
      });
      // Waiting live monitors of those patients re-check consent: the member is refused at once.
      for (const patientId of ended) ctx.bus.publish(patientId, 0, 'access');
      return { ended: ended.length };
    },

    async setStatus(actor: Actor, memberId: string, status: GroupUserStatus, ip: string): Promise<GroupUser> {
      const member = await requireMember(actor, memberId);
      if (member.status !== status) {
        await ctx.db.transaction(async (tx) => {
          await createCareTeamRepository(tx).setStatus(member.uid, status, ctx.clock.now());
          await recordOperation(
            { db: tx, clock: ctx.clock },
            {
              area: 'hcp',
              actorId: actor.userId,
              subjectId: member.uid,
              action: status === 'disabled' ? 'group.disableUser' : 'group.enableUser',
              detail: { from: member.status, to: status },
              ip,
            },
          );
        });
      }
      return toGroupUser((await repo.member(actor.userId, memberId))!);
    },
  };
}
