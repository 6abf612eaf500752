import { normalizeUsername, isValidEmail } from '@cgm/domain';
import type { Db } from '../db/client';
import { profiles, users } from '../db/schema';
import { hashPassword, newId } from '../lib/crypto';

export interface NewUser {
  username: string;
  password: string;
  userType: 'P' | 'D' | 'M' | 'A';
  realname: string;
  role?: 'AccountAdminSuper' | 'AccountAdmin' | null;
  createdBy?: 'register' | 'hcp' | 'hcp_group' | 'admin' | 'cli';
  /** The HCP who opened the account (created_by 'hcp'). */
  creatorId?: string | null;
  status?: 'active' | 'pending' | 'rejected' | 'disabled';
  country?: string;
  language?: string;
  adminLogin?: boolean;
  clinicLogin?: boolean;
  /** Someone else chose the password: the first sign-in sets the person's own (login answer 112). */
  mustChangePassword?: boolean;
  mfa?: boolean;
  termsVersion?: string | null;
  organisation?: string | null;
  /** A hash already computed (demo data: many accounts, one password). */
  passwordHash?: string;
  createdAt?: Date;
}

/**
 * Creates any kind of account directly (operators' CLI, tests, demo data). Registration through the
 * API applies the full rules; this path trusts its caller but still stores only a password hash.
 */
export async function createUser(db: Db, input: NewUser, now = new Date()): Promise<string> {
  const id = newId();
  const username = normalizeUsername(input.username);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      username,
      email: isValidEmail(username) ? username : null,
      mobile: isValidEmail(username) ? null : username,
      passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
      userType: input.userType,
      role: input.role ?? null,
      createdBy: input.createdBy ?? 'cli',
      creatorId: input.creatorId ?? null,
      status: input.status ?? 'active',
      adminLogin: input.adminLogin ?? false,
      clinicLogin: input.clinicLogin ?? false,
      mustChangePassword: input.mustChangePassword ?? false,
      country: (input.country ?? 'GB').toUpperCase(),
      language: input.language ?? 'en',
      mfaEnabled: input.mfa ?? false,
      termsVersion: input.termsVersion ?? null,
      termsAcceptedAt: input.termsVersion ? now : null,
      createdAt: input.createdAt ?? now,
      updatedAt: now,
    });
    await tx.insert(profiles).values({
      userId: id,
      realname: input.realname,
      organisation: input.organisation ?? null,
      updatedAt: now,
    });
  });
  return id;
}
