// Accounts the live benchmarks seed in bulk (live-monitor and alerts): patients with a device app
// and follower accounts, 1,000 rows a statement, each account agreed to the terms (the server asks
// an account that agreed to nothing to agree first).
import type { Db } from '../apps/server/src/platform/db/client';
import { devices, profiles, users } from '../apps/server/src/platform/db/schema';
import { testConfig } from '../apps/server/src/platform/config';
import { hashPassword, newId, sha256 } from '../apps/server/src/platform/lib/crypto';

const CHUNK = 1000;

async function person(type: 'P' | 'M') {
  const passwordHash = await hashPassword('Bench#pass9');
  const termsVersion = testConfig().TERMS_VERSION;
  return (id: string, i: number) => ({
    id,
    username: `${type}${i}@bench.test`,
    passwordHash,
    userType: type,
    createdBy: 'cli' as const,
    status: 'active' as const,
    termsVersion,
    termsAcceptedAt: new Date(),
    country: 'GB',
    language: 'en',
  });
}

/** Patients (P0, P1, …) each with one device app whose token is theirs. */
export async function seedPatients(
  db: Db,
  patients: ReadonlyArray<{ id: string; deviceToken: string }>,
  device: { kind: 'patch_app' | 'sensor_app'; serial: string },
): Promise<void> {
  const account = await person('P');
  for (let i = 0; i < patients.length; i += CHUNK) {
    const part = patients.slice(i, i + CHUNK);
    await db.insert(users).values(part.map((p, j) => account(p.id, i + j)));
    await db.insert(profiles).values(part.map((p, j) => ({ userId: p.id, realname: `Patient ${i + j}` })));
    await db
      .insert(devices)
      .values(
        part.map((p) => ({ id: newId(), patientId: p.id, ...device, tokenHash: sha256(p.deviceToken) })),
      );
  }
}

/** Follower accounts (M0, M1, …); `withEach` adds their rows (connections, sessions…) a chunk at a time. */
export async function seedFollowers<F extends { id: string }>(
  db: Db,
  followers: readonly F[],
  withEach: (part: F[]) => Promise<void>,
): Promise<void> {
  const account = await person('M');
  for (let i = 0; i < followers.length; i += CHUNK) {
    const part = followers.slice(i, i + CHUNK);
    await db.insert(users).values(part.map((f, j) => account(f.id, i + j)));
    await db.insert(profiles).values(part.map((f, j) => ({ userId: f.id, realname: `Carer ${i + j}` })));
    await withEach(part);
  }
}
