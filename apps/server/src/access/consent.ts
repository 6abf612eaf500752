import { eq, sql, type SQL } from 'drizzle-orm';
import { relations } from '../platform/db/schema';

/**
 * The consent every read of a follower rests on (spec §1 "a follower sees a patient's data only
 * after the patient agrees"), written once as SQL: a relation row the patient accepted. Nothing
 * outside access/ writes `state = 'accepted'` to decide who reads whom.
 */

/** A relations row (drizzle's table) is the patient's consent now. */
export const consentGiven: SQL = eq(relations.state, 'accepted');

/** The same, for a relations row aliased `r` in raw SQL. */
export const consentGivenIn = (r: string): SQL => sql.raw(`${r}.state = 'accepted'`);

/** A relation in this state is the patient's consent now (the same rule, for a row already read). */
export const consentedState = (state: string): boolean => state === 'accepted';
