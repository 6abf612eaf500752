import type { DeviceRecord } from '@cgm/contract';
import { createAccount } from '../src/accounts/create-account';
import { profiles, relations } from '../src/platform/db/schema';
import { eq } from 'drizzle-orm';
import { hashPassword, newId } from '../src/platform/lib/crypto';
import type { TestApp } from './test-app';
import { storeRecords } from '../src/patient-data';

// Accounts and readings for the patient-list tests: built directly in the database (fast), with
// the relation states of spec §4.

export const PASSWORD = 'Gluco$e9x';
let hash: string | null = null;

export async function account(
  t: TestApp,
  username: string,
  input: {
    userType: 'P' | 'D' | 'M';
    realname?: string;
    createdBy?: 'register' | 'hcp' | 'hcp_group';
    clinicLogin?: boolean;
    adminLogin?: boolean;
    alias?: string;
    diabetesType?: string;
  },
): Promise<{ id: string; token: string }> {
  hash ??= await hashPassword(PASSWORD);
  const id = await createAccount(t.ctx.db, {
    termsVersion: t.ctx.config.TERMS_VERSION,
    username,
    password: PASSWORD,
    passwordHash: hash,
    userType: input.userType,
    realname: input.realname ?? `Test ${username.split('@')[0]}`,
    createdBy: input.createdBy ?? 'register',
    clinicLogin: input.clinicLogin ?? false,
    adminLogin: input.adminLogin ?? false,
  });
  if (input.alias || input.diabetesType) {
    await t.ctx.db
      .update(profiles)
      .set({ alias: input.alias ?? null, diabetesType: input.diabetesType ?? 'unspecified' })
      .where(eq(profiles.userId, id));
  }
  return { id, token: await t.signIn(id) };
}

export async function relate(
  t: TestApp,
  patientId: string,
  followerId: string,
  state: 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'removed',
  requestedBy = followerId,
  followerType: 'D' | 'M' = 'D',
): Promise<void> {
  await t.ctx.db.insert(relations).values({
    id: newId(),
    patientId,
    followerId,
    followerType,
    state,
    requestedBy,
  });
}

/** Sensor readings of one serial, `mgdl[i]` at `start + i · stepMs`. */
export function sgSeries(
  serial: string,
  start: number,
  stepMs: number,
  mgdl: Array<number | null>,
): DeviceRecord[] {
  return mgdl.map((v, i) => ({
    type: 'sg',
    serial,
    seq: i + 1,
    time: start + i * stepMs,
    utc_offset_min: 60,
    mgdl: v,
    rate: 4,
    ...(v === null ? { display_code: 'H' as const } : {}),
  }));
}

export async function store(t: TestApp, patientId: string, records: DeviceRecord[]): Promise<void> {
  await t.ctx.db.transaction((tx) => storeRecords(tx, patientId, 'realtime', records));
}
