import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every account: patients (P), HCPs (D), carers (M) and account admins (A). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Normalised (trimmed; e-mails lower-cased). E-mail or mobile becomes the username (spec §5). */
    username: text('username').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['P', 'D', 'M', 'A'] }).notNull(),
    role: text('role', { enum: ['AccountAdminSuper', 'AccountAdmin'] }),
    createdBy: text('created_by', { enum: ['register', 'hcp', 'hcp_group', 'admin', 'cli'] }).notNull(),
    /** active; pending (HCP application not approved: login error 52); rejected; disabled. */
    status: text('status', { enum: ['active', 'pending', 'rejected', 'disabled'] }).notNull(),
    adminLogin: boolean('admin_login').notNull().default(false),
    clinicLogin: boolean('clinic_login').notNull().default(false),
    country: text('country').notNull(),
    language: text('language').notNull(),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    showGlucose: boolean('show_glucose').notNull().default(true),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The last wrong password counted: older than the window (accounts/failed-tries.ts), the count restarts. */
    failedAttemptAt: ts('failed_attempt_at'),
    lockedUntil: ts('locked_until'),
    termsVersion: text('terms_version'),
    termsAcceptedAt: ts('terms_accepted_at'),
    guardianConsent: boolean('guardian_consent').notNull().default(false),
    /** The password was chosen by someone else (an HCP creating the account): changed at first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Who created the account (the HCP, for created_by 'hcp'); no foreign key, it outlives them. */
    creatorId: text('creator_id'),
    /** For HCPs created by an HCP group (created_by 'hcp_group'): the group manager's account. */
    groupId: text('group_id'),
    /** The clinic an HCP, clinic login or patient belongs to (account administration). */
    clinicId: text('clinic_id'),
    /** An account admin's scope: the countries and/or regions they administer (null = super admin). */
    adminScope: jsonb('admin_scope').$type<{ countries?: string[]; regions?: string[] }>(),
    /** When the account was deleted; its data is kept for the retention period, then purged. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    index('users_type_idx').on(t.userType),
    index('users_group_idx').on(t.groupId),
    index('users_clinic_idx').on(t.clinicId),
  ],
);

/** Profile fields of spec §3, one row per user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realname: text('realname').notNull(),
  alias: text('alias'),
  gender: text('gender').notNull().default('unspecified'),
  height: real('height'),
  weight: real('weight'),
  diabetesType: text('diabetes_type').notNull().default('unspecified'),
  address: text('address'),
  zipcode: text('zipcode'),
  telephone: text('telephone'),
  serveFor: text('serve_for'),
  major: text('major').notNull().default('unspecified'),
  organisation: text('organisation'),
  bio: text('bio'),
  /** Clinic fields of a patient (spec §3 labels Inpatient, Pno, Bno). */
  inpatient: boolean('inpatient').notNull().default(false),
  patientNo: text('patient_no'),
  bedNo: text('bed_no'),
  birthday: text('birthday'),
  diabetesDiagnosisDate: text('diabetes_diagnosis_date'),
  portrait: bytea('portrait'),
  portraitType: text('portrait_type'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Bearer sessions. Only the SHA-256 of the token is stored, so a database leak gives no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time codes: registration, HCP application, password reset and MFA (hashed). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'hcp_apply', 'reset', 'mfa', 'first_password'] }).notNull(),
    target: text('target').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    extra: jsonb('extra'),
  },
  (t) => [index('verification_codes_target_idx').on(t.purpose, t.target, t.createdAt)],
);

/**
 * Sign-in tries at user names without an account (migration 0014), counted and locked like an
 * account's so the login answers alike whether the account exists (issue 15, finding 11).
 */
export const unknownLoginAttempts = pgTable(
  'unknown_login_attempts',
  {
    usernameHash: text('username_hash').primaryKey(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('unknown_login_attempts_updated_idx').on(t.updatedAt)],
);

/** Mail and SMS: every message is written here first, then delivered (or left for the log). */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** HCP applications (spec §4): submitted, then approved or rejected; the applicant is mailed. */
export const hcpApplications = pgTable('hcp_applications', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisation: text('organisation').notNull(),
  status: text('status', { enum: ['submitted', 'approved', 'rejected'] }).notNull(),
  convertedFrom: text('converted_from'),
  decidedBy: text('decided_by'),
  decidedAt: ts('decided_at'),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Invitation codes (spec §5 "Invitation code correct"): issued by an HCP or an operator. */
export const invitationCodes = pgTable('invitation_codes', {
  code: text('code').primaryKey(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at'),
  usedBy: text('used_by').references(() => users.id, { onDelete: 'set null' }),
  usedAt: ts('used_at'),
});
