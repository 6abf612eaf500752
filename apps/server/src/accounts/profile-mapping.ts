import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '@cgm/contract';
import type { Db } from '../platform/db/client';
import { profiles, users } from '../platform/db/schema';

// An account's profile read and written in one place: the own profile (spec §3 "Profile"), the care
// team's view of a patient (§3 "Patient labels") and the monitor's header each pick from these.

/** The account columns a profile shows: never the password hash, sign-in counters or scope. */
const accountColumns = {
  id: users.id,
  username: users.username,
  userType: users.userType,
  email: users.email,
  mobile: users.mobile,
  country: users.country,
  language: users.language,
  createdBy: users.createdBy,
  mfaEnabled: users.mfaEnabled,
  showGlucose: users.showGlucose,
  createdAt: users.createdAt,
};

/** Every profile column; the portrait only as "has one" (its bytes are read on their own). */
const profileColumns = {
  realname: profiles.realname,
  alias: profiles.alias,
  gender: profiles.gender,
  height: profiles.height,
  weight: profiles.weight,
  diabetesType: profiles.diabetesType,
  address: profiles.address,
  zipcode: profiles.zipcode,
  telephone: profiles.telephone,
  serveFor: profiles.serveFor,
  major: profiles.major,
  organisation: profiles.organisation,
  bio: profiles.bio,
  birthday: profiles.birthday,
  diabetesDiagnosisDate: profiles.diabetesDiagnosisDate,
  inpatient: profiles.inpatient,
  patientNo: profiles.patientNo,
  bedNo: profiles.bedNo,
  hasPortrait: sql<boolean>`${profiles.portrait} is not null`,
};

/** An account and its profile; undefined when there is no such account. */
export async function loadAccountProfile(db: Db, userId: string) {
  const rows = await db
    .select({ user: accountColumns, profile: profileColumns })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export type AccountProfile = NonNullable<Awaited<ReturnType<typeof loadAccountProfile>>>;

/** The personal details every profile answer carries, in the contract's names. */
export function personalDetails({ user, profile }: AccountProfile) {
  return {
    uid: user.id,
    username: user.username,
    realname: profile.realname,
    alias: profile.alias,
    gender: profile.gender as Profile['gender'],
    height: profile.height,
    weight: profile.weight,
    diabetes_type: profile.diabetesType as Profile['diabetes_type'],
    address: profile.address,
    zipcode: profile.zipcode,
    telephone: profile.telephone,
    mobile: user.mobile,
    email: user.email,
    birthday: profile.birthday,
    diabetes_diagnosis_date: profile.diabetesDiagnosisDate,
    country: user.country,
    created_by: user.createdBy,
    has_portrait: Boolean(profile.hasPortrait),
  };
}

export type ProfileChanges = Partial<
  Omit<typeof profiles.$inferInsert, 'userId' | 'portrait' | 'portraitType' | 'updatedAt'>
>;

/** Empty strings clear optional text fields (contract `profileUpdate`, `patientProfileUpdate`). */
export const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

type PersonalDetailsUpdate = Pick<
  ProfileUpdate,
  | 'realname'
  | 'alias'
  | 'gender'
  | 'height'
  | 'weight'
  | 'diabetes_type'
  | 'address'
  | 'zipcode'
  | 'telephone'
  | 'birthday'
  | 'diabetes_diagnosis_date'
>;

/** The profile columns a change of personal details writes; a field not sent stays undefined. */
export function personalDetailChanges(input: PersonalDetailsUpdate): ProfileChanges {
  return {
    realname: input.realname,
    alias: blankToNull(input.alias),
    gender: input.gender,
    height: input.height,
    weight: input.weight,
    diabetesType: input.diabetes_type,
    address: blankToNull(input.address),
    zipcode: blankToNull(input.zipcode),
    telephone: blankToNull(input.telephone),
    birthday: input.birthday,
    diabetesDiagnosisDate: input.diabetes_diagnosis_date,
  };
}

/** Writes the columns given; drizzle leaves undefined ones untouched, so only the fields sent change. */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
  now: Date,
): Promise<void> {
  await db
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.userId, userId));
}
