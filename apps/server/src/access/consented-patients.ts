import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Actor } from '../platform/http/auth';
import { clinicRelationCondition } from './clinic-access';
import { consentGivenIn } from './consent';

/**
 * The patients a follower reads, as SQL (Medplum's caller-scoped repository is the model): every
 * list, count or search of patients joins `consentedPatients(reader)`, so a list query does not
 * write consent itself and cannot forget it. The consent is consent.ts's.
 */

/**
 * Whose patients a query reads: a follower (a user id, or a column for a query per follower) or a
 * clinic login, which reads through its clinic's HCPs (clinic-access.ts), never its own relations.
 */
export interface PatientReader {
  followerId: string | SQL;
  clinicLogin?: boolean;
}

/** The reader an actor is. */
export const readerOf = (actor: Actor): PatientReader => ({
  followerId: actor.userId,
  clinicLogin: actor.flags.clinicLogin,
});

/**
 * The patients the reader reads now, one row per patient, as a subquery to join:
 * `patient_id`, `relation_id` (the relation the access rests on), `since` (when it was accepted).
 * Only patient accounts (type P), as in patient-data.ts.
 */
export function consentedPatients(reader: PatientReader): SQL {
  const { followerId } = reader;
  if (reader.clinicLogin && typeof followerId !== 'string') throw new Error('a clinic login is read by id');
  const rule = reader.clinicLogin
    ? clinicRelationCondition(followerId as string)
    : sql`r.follower_id = ${followerId} and ${consentGivenIn('r')}`;
  return sql`select r.patient_id, r.id as relation_id, coalesce(r.decided_at, r.created_at) as since
      from relations r join users cp on cp.id = r.patient_id and cp.user_type = 'P'
     where ${rule}`;
}

/** The followers a patient (an id or a column) accepted now, as a subquery of `follower_id`. */
export const consentedFollowers = (patientId: string | SQL): SQL =>
  sql`select r.follower_id from relations r where r.patient_id = ${patientId} and ${consentGivenIn('r')}`;

/** How many accepted connections an account has, as the patient or as the follower. */
export async function consentedConnectionCount(db: Db, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from relations r
     where ${consentGivenIn('r')} and (r.patient_id = ${userId} or r.follower_id = ${userId})`);
  return Number(((result as { rows?: Array<{ n: number }> }).rows ?? [])[0]?.n ?? 0);
}
