import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sessions, users } from '../../db/schema';

/**
 * Removes everything a patient or carer account holds before it becomes an HCP account (spec §2
 * "HCP apply": converting "loses the account data and the ability to log in as patient or
 * caregiver"). Runs inside the conversion's transaction, so the account is either fully converted
 * or untouched.
 *
 * Every module that owns personal data of a patient or carer must hook its deletion in here
 * (readings, events, records, settings, connections and their messages, data options, uploads…),
 * using the same transaction `tx`. Today the account's data is its profile, so all profile fields
 * except the name are cleared.
 */
export async function convertToHcp(tx: Db, userId: string, now: Date): Promise<void> {
  await tx
    .update(profiles)
    .set({
      alias: null,
      gender: 'unspecified',
      height: null,
      weight: null,
      diabetesType: 'unspecified',
      address: null,
      zipcode: null,
      telephone: null,
      serveFor: null,
      major: 'unspecified',
      organisation: null,
      bio: null,
      birthday: null,
      diabetesDiagnosisDate: null,
      portrait: null,
      portraitType: null,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));

  // Consent and display choices belonged to the patient or carer role.
  await tx
    .update(users)
    .set({ guardianConsent: false, showGlucose: true, updatedAt: now })
    .where(eq(users.id, userId));

  // The old role's sign-ins end now: no session of the patient or carer may outlive the change.
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
