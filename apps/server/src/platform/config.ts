import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_BODY_LIMIT } from './http/body-limits';

// Configuration comes only from environment variables, validated at start (DESIGN.md
// "Conventions"). A bad value stops the process with a message naming the variable.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback only unless told otherwise: the demo's logins are public (README "Expose the portal"). */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (audit rows, rate limits):
   * unset trusts none; a number trusts that many hops; otherwise a comma-separated list of
   * addresses or CIDR ranges (or proxy-addr's names: loopback, linklocal, uniquelocal).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F:.,/ a-z]*$/, 'addresses, CIDR ranges or a hop count')
    .refine((v) => !/^(true|false)$/i.test(v), 'name the proxies (or a hop count), not true/false')
    .optional(),
  /** Unset: apps/server/data; a relative path is taken from where the command was typed (see loadConfig). */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A PostgreSQL hot standby of DATABASE_URL: reports, exports and the data map read their data
   * there (who may read is still decided on DATABASE_URL). Unset: everything reads DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  /** An HTTP SMS gateway (mail/sms-gateway.ts); without it SMS stay in the outbox. */
  SMS_URL: z.string().url().optional(),
  /** The sender name or number the gateway is asked to show. */
  SMS_FROM: z.string().max(20).optional(),
  MAIL_FROM: z.string().default('CGM Portal <no-reply@cgm-portal.local>'),
  /** Unset: http://localhost:<PORT> (see loadConfig). */
  PUBLIC_URL: z.string().url().optional(),
  REGION: z.enum(['eu', 'china', 'france']).default('eu'),
  SITE_URL_EU: z.string().url().default('https://eu.cgm-portal.example'),
  SITE_URL_CHINA: z.string().url().default('https://cn.cgm-portal.example'),
  SITE_URL_FRANCE: z.string().url().default('https://fr.cgm-portal.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Nightly deletion of health data older than 2 years (spec §1, §9); unset: on for the EU and French sites. */
  HEALTH_DATA_RETENTION: z.enum(['on', 'off']).optional(),
  /** The hour (UTC) the nightly retention runs. */
  HEALTH_DATA_RETENTION_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PRIVACY_VERSION: z.string().default('2026-11'),
  TERMS_VERSION: z.string().default('2026-11'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** How many simulated patients the demo HCP cares for (besides the live demo patient). */
  DEMO_PATIENTS: z.coerce.number().int().min(0).max(200).default(20),
  ICP_FILING: z.string().optional(),
  CONTACT_EMAIL: z.string().email().default('support@cgm-portal.example'),
  /** The rate limits of http/rate-limits.ts; `off` only for tests and benchmarks that need it. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** The body limit of routes without their own (http/body-limits.ts). */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(DEFAULT_BODY_LIMIT),
  /**
   * How often the follower alerts are evaluated besides each data change (no data, expiry, urgent
   * repeats): the no-data alert goes out within this much of its threshold. 0 turns the timer off
   * (tests drive it themselves).
   */
  ALERT_SWEEP_MS: z.coerce.number().int().min(0).max(60_000).default(20_000),
  /**
   * How long after an alert was claimed for sending, with its delivery never finished (the process
   * stopped in between), another process's timer sends it again. Longer than a delivery takes (the
   * push request's 10 s timeout), so a delivery under way is not doubled.
   */
  ALERT_REDELIVER_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(30 * 60_000)
    .default(60_000),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'DATA_DIR'> & {
  PUBLIC_URL: string;
  /** An absolute path. */
  DATA_DIR: string;
};

/** The embedded database's folder when DATA_DIR is unset (where it has always been). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

/**
 * npm runs the server's scripts inside apps/server, so a relative DATA_DIR would land there; npm
 * tells where the command was typed (INIT_CWD), and that is what the user meant.
 */
function dataDir(env: NodeJS.ProcessEnv, value: string | undefined): string {
  if (!value) return DEFAULT_DATA_DIR;
  return isAbsolute(value) ? value : resolve(env.INIT_CWD ?? process.cwd(), value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // The address in mails and in the apps' setup follows the port the server listens on.
  return {
    ...parsed.data,
    DATA_DIR: dataDir(env, parsed.data.DATA_DIR),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
  };
}

/** A configuration for tests and tools: defaults plus overrides, never the process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests sign many people in from one address within a minute; the rate-limit tests turn it on.
  return { ...loadConfig({}), LOG_LEVEL: 'silent', RATE_LIMITS: 'off', ALERT_SWEEP_MS: 0, ...overrides };
}
