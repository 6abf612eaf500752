import { z } from 'zod';
import { SITES, type Site } from '@cgm/domain';
import {
  adminRole,
  countryCode,
  createdBy,
  isoDate,
  languageCode,
  uid,
  userType,
  verificationCode,
} from './common';

// Accounts and sign-in: spec §3 (login response, profile, registration), §4, §5, §7, §8.

/** The portal's sites (spec §1): the domain's list. */
const site = z.enum(SITES);
const siteUrls = z.object(Object.fromEntries(SITES.map((s) => [s, z.string()])) as Record<Site, z.ZodString>);

/** Which door the user came through: P = personal edition (/login: patients and carers),
 *  D = professional edition (/hcpLogin: HCPs, admin and clinic logins), A = account administration
 *  (/managementtools). An account of another kind gets error 10. */
export const loginRequest = z.object({
  username: z.string().trim().min(1, 'messages.usernamePasswordRequired').max(254),
  password: z.string().min(1, 'messages.usernamePasswordRequired').max(200),
  user_type: userType,
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginFlag = z.object({ admin_login: z.boolean(), clinic_login: z.boolean() });

/** The login response of spec §3, plus the session token and the fields the failure codes need. */
export const loginResponse = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  token: z.string().optional(),
  uid: uid.optional(),
  user_type: userType.optional(),
  username: z.string().optional(),
  realname: z.string().optional(),
  created_by: createdBy.optional(),
  role: adminRole.nullable().optional(),
  mfa: z.boolean().optional(),
  country: z.string().optional(),
  language: languageCode.optional(),
  flag: loginFlag.optional(),
  unread_message: z.number().int().optional(),
  connection_request: z.number().int().optional(),
  /** Versions of privacy policy and terms this user agreed to; the client compares with /config. */
  terms_version: z.string().nullable().optional(),
  /** True when this sign-in opened a 30-day session ("remember me"): the browser keeps it past the tab. */
  remember: z.boolean().optional(),
  /** error 9: attempts left before the lock. */
  attempts_left: z.number().int().optional(),
  /** error 62: minutes until the account unlocks. */
  minutes_left: z.number().int().optional(),
  /** error 63: the challenge to answer at /verificationCode. */
  mfa_token: z.string().optional(),
  /** error 112: the password was set by someone else; choose one with this token at /firstPassword. */
  password_token: z.string().optional(),
  /** error 71: the regional site where this account lives. */
  site: site.optional(),
  site_url: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A refused sign-in step: its code, the fields that code needs, and the problems of bad input. */
export const loginFailure = loginResponse
  .pick({
    error: true,
    message: true,
    attempts_left: true,
    minutes_left: true,
    mfa_token: true,
    password_token: true,
    site: true,
    site_url: true,
  })
  .extend({
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** error 107: seconds until the next try is allowed. */
    wait_seconds: z.number().int().optional(),
  });

export const mfaVerifyRequest = z.object({ mfa_token: z.string().min(1).max(200), code: verificationCode });
export const mfaResendRequest = z.object({ mfa_token: z.string().min(1).max(200) });
/** A new second-factor code was sent; the challenge token changed with it. */
export const mfaResendResponse = z.object({ error: z.literal(0), mfa_token: z.string() });

/** The first sign-in of an account whose password someone else chose: the user's own password. */
export const firstPasswordRequest = z.object({
  password_token: z.string().min(1).max(200),
  password: z.string().min(1, 'messages.fillRequired').max(200),
});
export type FirstPasswordRequest = z.infer<typeof firstPasswordRequest>;

/** Public configuration the login screens need. */
export const configResponse = z.object({
  error: z.literal(0),
  site,
  sites: siteUrls,
  privacy_version: z.string(),
  terms_version: z.string(),
  version: z.string(),
  /** The operator's ICP filing number, shown in the footer in Chinese only (spec §2); null when none. */
  icp_filing: z.string().nullable(),
  /** Where users write to the operator (the footer's contact). */
  contact_email: z.string(),
});
export type ConfigResponse = z.infer<typeof configResponse>;

/** The demo's histories: how many of its patients are whole; null when this server has no demo. */
export const demoProgressResponse = z.object({
  error: z.literal(0),
  demo: z.object({ ready: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
});
export type DemoProgressResponse = z.infer<typeof demoProgressResponse>;

export const seccodePurpose = z.enum(['register', 'hcp_apply']);
export const seccodeSendRequest = z
  .object({
    email: z.string().trim().max(254).optional(),
    mobile: z.string().trim().max(20).optional(),
    purpose: seccodePurpose,
    language: languageCode.optional(),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.mobile), { message: 'validation.emailOrMobile' });
export const seccodeSendResponse = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  token: z.string().optional(),
  /** seconds before another code may be sent (spec §9: 60 s). */
  wait_seconds: z.number().int().optional(),
});

export const registerRequest = z.object({
  account_type: z.enum(['P', 'M']),
  email: z.string().trim().max(254).optional(),
  mobile: z.string().trim().max(20).optional(),
  seccode_token: z.string().min(1).max(200),
  code: verificationCode,
  invitation_code: z.string().trim().max(32).optional(),
  realname: z.string().trim(),
  password: z.string().max(200),
  country: countryCode,
  language: languageCode,
  birthday: isoDate.optional(),
  guardian_consent: z.boolean().optional(),
  agree_terms: z.boolean(),
  terms_version: z.string().max(32),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** error 71 on registration or HCP apply: the regional site that serves the chosen country. */
const wrongRegionFields = {
  site: site.optional(),
  site_url: z.string().optional(),
};
export const registerResponse = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  uid: uid.optional(),
  username: z.string().optional(),
  ...wrongRegionFields,
});

export const hcpApplyRequest = z.object({
  email: z.string().trim().max(254),
  seccode_token: z.string().min(1).max(200),
  code: verificationCode,
  realname: z.string().trim(),
  password: z.string().max(200),
  organisation: z.string().trim().max(200),
  major: z.enum(['unspecified', 'endocrinologist', 'educator', 'nurse', 'dietitian', 'other']).optional(),
  mobile: z.string().trim().max(20).optional(),
  country: countryCode,
  language: languageCode,
  agree_terms: z.boolean(),
  terms_version: z.string().max(32),
  /** Set after the user confirmed that their patient/carer account becomes an HCP account. */
  convert: z.boolean().optional(),
});
export type HcpApplyRequest = z.infer<typeof hcpApplyRequest>;
export const hcpApplyResponse = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  /** error 3: the type of the existing account (D: already an HCP). */
  existing_type: userType.optional(),
  converted: z.boolean().optional(),
  ...wrongRegionFields,
});

export const passwordModifyRequest = z.object({
  old_password: z.string().min(1).max(200),
  new_password: z.string().max(200),
});
export const resetTokenQuery = z.object({
  username: z.string().trim().min(1).max(254),
  language: languageCode.optional(),
});
export const resetTokenResponse = z.object({
  error: z.number().int(),
  message: z.string().optional(),
  token: z.string().optional(),
  /** Where the code went, masked (j***@example.com). */
  sent_to: z.string().optional(),
  wait_seconds: z.number().int().optional(),
});
export const passwordResetRequest = z.object({
  token: z.string().min(1).max(200),
  code: verificationCode,
  password: z.string().max(200),
});

export const gender = z.enum(['unspecified', 'female', 'male']);
export const diabetesType = z.enum([
  'unspecified',
  'type1',
  'type2',
  'lada',
  'prediabetes',
  'gestational',
  'mody',
]);
export const profession = z.enum([
  'unspecified',
  'endocrinologist',
  'educator',
  'nurse',
  'dietitian',
  'other',
]);

/** Profile of spec §3. Empty strings clear optional text fields. */
export const profile = z.object({
  uid: uid,
  username: z.string(),
  user_type: userType,
  realname: z.string(),
  alias: z.string().nullable(),
  gender: gender,
  height: z.number().nullable(),
  weight: z.number().nullable(),
  diabetes_type: diabetesType,
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  mobile: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  serve_for: z.string().nullable(),
  major: profession,
  organisation: z.string().nullable(),
  bio: z.string().nullable(),
  birthday: z.string().nullable(),
  diabetes_diagnosis_date: z.string().nullable(),
  country: z.string(),
  language: languageCode,
  created_by: createdBy,
  has_portrait: z.boolean(),
  mfa: z.boolean(),
  show_glucose: z.boolean(),
  created_at: z.string(),
  /** Spec §3 profile "date": the day the account was opened (UTC, YYYY-MM-DD). */
  date: z.string(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ error: z.literal(0), profile });

const optText = (max: number) => z.string().trim().max(max).nullable().optional();
export const profileUpdate = z.object({
  realname: z.string().trim().optional(),
  alias: optText(40),
  gender: gender.optional(),
  height: z.number().min(10).max(300).nullable().optional(),
  weight: z.number().min(10).max(500).nullable().optional(),
  diabetes_type: diabetesType.optional(),
  address: optText(200),
  zipcode: optText(10),
  mobile: optText(20),
  telephone: optText(30),
  serve_for: optText(200),
  major: profession.optional(),
  organisation: optText(200),
  bio: optText(1000),
  birthday: isoDate.nullable().optional(),
  diabetes_diagnosis_date: isoDate.nullable().optional(),
  country: countryCode.optional(),
  language: languageCode.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** Portrait as a data URL (PNG, JPEG or WebP), at most 512 KiB decoded. */
export const portraitUpload = z.object({
  data_url: z
    .string()
    .max(720_000)
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'validation.portrait'),
});

export const securitySettings = z.object({ mfa: z.boolean(), show_glucose: z.boolean() });
export const securityResponse = z.object({ error: z.literal(0), security: securitySettings });

export const termsAcceptRequest = z.object({ terms_version: z.string().min(1).max(32) });

/** The current session, for a page reload (/refresh) and the Account-route check. */
export const sessionResponse = loginResponse;
