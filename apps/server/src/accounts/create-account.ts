import { defaultLanguageOfCountry, isValidEmail, normalizeUsername } from '@cgm/domain';
import type { Db } from '../platform/db/client';
import { profiles, users } from '../platform/db/schema';
import { hashPassword, newId } from '../platform/lib/crypto';

type UserRow = typeof users.$inferInsert;
type ProfileRow = typeof profiles.$inferInsert;

/** What an account is made with, apart from its password. */
export interface NewAccountFields {
  /** An e-mail address or a mobile number: whichever it is becomes the account's e-mail or mobile. */
  username: string;
  userType: UserRow['userType'];
  realname: string;
  role?: UserRow['role'];
  createdBy?: UserRow['createdBy'];
  /** The HCP who opened the account (created_by 'hcp'). */
  creatorId?: string | null;
  status?: UserRow['status'];
  /** Defaults to GB (operators' command line, tests and demo data); every feature passes its own. */
  country?: string;
  /** Defaults to the country's own language (packages/domain), never to English by itself. */
  language?: string;
  /** A mobile number besides an e-mail username (the HCP application asks for both). */
  mobile?: string | null;
  adminLogin?: boolean;
  clinicLogin?: boolean;
  /** Someone else chose the password: the first sign-in sets the person's own (login answer 112). */
  mustChangePassword?: boolean;
  mfa?: boolean;
  /** The terms the person agreed to now; null: they are asked at their first sign-in. */
  termsVersion?: string | null;
  /** A parent's or guardian's consent given at registration (under 16, spec §5). */
  guardianConsent?: boolean;
  groupId?: string | null;
  clinicId?: string | null;
  adminScope?: UserRow['adminScope'];
  organisation?: string | null;
  /** The rest of the profile the account starts with (a patient made by a clinician, an HCP's major). */
  profile?: Omit<ProfileRow, 'userId' | 'realname' | 'organisation' | 'updatedAt'>;
  createdAt?: Date;
}

/** The password as typed, or a hash already computed (outside a transaction, or one for many accounts). */
export type NewAccount = NewAccountFields &
  ({ password: string; passwordHash?: string } | { password?: undefined; passwordHash: string });

async function hashOf(secret: { password?: string; passwordHash?: string }): Promise<string> {
  if (secret.passwordHash !== undefined) return secret.passwordHash;
  if (secret.password === undefined) throw new Error('an account needs a password or its hash');
  return hashPassword(secret.password);
}

/**
 * The one way an account is made: registration, the HCP application, a patient made by a
 * clinician, a care team's member, a clinic's login, an admin or a desk's HCP, the command line and
 * demo data. The callers check their own rules first; this stores the account and its profile
 * together (only a password hash), with the country's own language unless one was chosen. Takes the
 * database or the caller's transaction; a username already taken throws the unique violation
 * (platform/db/errors.ts), which each caller answers in its own way.
 */
export async function createAccount(db: Db, input: NewAccount, now = new Date()): Promise<string> {
  const id = newId();
  const username = normalizeUsername(input.username);
  const isEmail = isValidEmail(username);
  const country = (input.country ?? 'GB').toUpperCase();
  const passwordHash = await hashOf(input);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      username,
      email: isEmail ? username : null,
      mobile: input.mobile ?? (isEmail ? null : username),
      passwordHash,
      userType: input.userType,
      role: input.role ?? null,
      createdBy: input.createdBy ?? 'cli',
      creatorId: input.creatorId ?? null,
      status: input.status ?? 'active',
      adminLogin: input.adminLogin ?? false,
      clinicLogin: input.clinicLogin ?? false,
      mustChangePassword: input.mustChangePassword ?? false,
      country,
      language: input.language ?? defaultLanguageOfCountry(country),
      mfaEnabled: input.mfa ?? false,
      termsVersion: input.termsVersion ?? null,
      termsAcceptedAt: input.termsVersion ? now : null,
      guardianConsent: input.guardianConsent ?? false,
      groupId: input.groupId ?? null,
      clinicId: input.clinicId ?? null,
      adminScope: input.adminScope ?? null,
      createdAt: input.createdAt ?? now,
      updatedAt: now,
    });
    await tx.insert(profiles).values({
      ...input.profile,
      userId: id,
      realname: input.realname,
      organisation: input.organisation ?? null,
      updatedAt: now,
    });
  });
  return id;
}
