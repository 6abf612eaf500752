import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { profiles, users } from '../platform/db/schema';

/** The condition "this users row is a member of that manager's group". */
export const memberOf = (managerId: string) =>
  and(eq(users.groupId, managerId), eq(users.createdBy, 'hcp_group'), eq(users.userType, 'D'));

/** The group's members (any status), oldest first, with their names. */
export async function groupMembers(db: Db, managerId: string): Promise<Array<{ uid: string; name: string }>> {
  return db
    .select({ uid: users.id, name: profiles.realname })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(memberOf(managerId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** An account's real name ('' when it has no profile). */
export async function realnameOf(db: Db, userId: string): Promise<string> {
  const rows = await db
    .select({ name: profiles.realname })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return rows[0]?.name ?? '';
}
