import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { profiles, sessions, users } from '../platform/db/schema';
import { deletePersonalData } from '../platform/db/personal-data';

/**
 * Removes everything a patient or carer account holds before it becomes an HCP account (spec §2
 * "HCP apply": converting "loses the account data and the ability to log in as patient or
 * caregiver"). Runs inside the conversion's transaction, so the account is either fully converted
 * or untouched.
 *
 * The account's health and device data and its connections go through deletePersonalData (the one
 * list of such tables); its profile keeps only the name.
 */
export async function convertToHcp(tx: Db, userId: string, now: Date): Promise<void> {
  await deletePersonalData(tx, userId);
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
