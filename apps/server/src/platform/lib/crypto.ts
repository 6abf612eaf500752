import { hash, randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { createWorkQueue } from './work-queue';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt with OWASP's minimum cost (N=2^17, r=8, p=1), stored as scrypt$N$r$p$salt$hash.
const COST = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

/** Tests lower the cost (the stored string records it, so verification still works). */
export function setPasswordCostForTests(n: number): void {
  COST.N = n;
}
const KEY_LENGTH = 32;

/**
 * Password hashing (128 MiB and a few hundred ms of CPU each) runs on the thread pool that also
 * reads files: a login storm must not take all of it. At most all cores but one (one or two) hash at
 * once; the others wait their turn in order. Waiting costs nothing but the request, so the waiting
 * room holds a storm's worth (64: about 20 s of checks on a 2-core machine); beyond it a sign-in is
 * refused (429) at once, before any database work (`assertHashingRoom`), and static files and
 * reports stay fast.
 */
const hashing = createWorkQueue(Math.max(1, Math.min(2, availableParallelism() - 1)), 64);

/** Throws QueueFullError (429) when a password check now would be refused: check before other work. */
export const assertHashingRoom = (): void => hashing.assertRoom();

const scryptQueued = (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => hashing.run(() => scryptAsync(password, salt, keylen, options));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptQueued(password.normalize('NFKC'), salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptQueued(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoyHash: Promise<string> | null = null;

/**
 * The work of checking a password against a hash nobody can match: an unknown user name then costs
 * what a known one does, and the answer's time does not tell them apart.
 */
export async function verifyDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('base64'));
  await verifyPassword(password, await decoyHash);
}

export const newId = (): string => randomUUID();

/** An opaque secret for the client (session token, code challenge); only its hash is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => hash('sha256', value, 'hex');

/** A uniformly random 6-digit code (spec §5), leading zeros kept. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
