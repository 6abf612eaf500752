// Form rules of spec §5 ("Validation rules") and limits of spec §9 ("Limits"). The server and the
// web app both call these, so a form and its API reject exactly the same input.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** Registration messages say "at least 8" (spec §5). */
export const PASSWORD_MIN_REGISTER = 8;
export const CODE_LENGTH = 6;
export const RESEND_CODE_WAIT_SECONDS = 60;
export const MIN_AGE_WITHOUT_CONSENT = 16;
export const NOTES_MAX_LENGTH = 1000;

export type PasswordContext = 'register' | 'change' | 'reset';

/** The i18n keys `checkPassword` reports (spec §5 "Password"). */
export const PASSWORD_PROBLEMS = [
  'password.required',
  'password.tooShort',
  'password.tooLong',
  'password.kinds',
  'password.sameAsUsername',
  'password.sequence',
  'password.spaces',
] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

export interface PasswordCheck {
  ok: boolean;
  problems: PasswordProblem[];
}

/** Minimum length per form: registration says 8, change 6 to 20, reset "6 or more" (spec §5). */
export function passwordMinLength(context: PasswordContext = 'change'): number {
  return context === 'register' ? PASSWORD_MIN_REGISTER : PASSWORD_MIN;
}

/** The kinds of character counted by the "3 of 4 kinds" rule (spec §5). */
export function passwordKinds(password: string): number {
  let kinds = 0;
  if (/\p{Lu}/u.test(password)) kinds++;
  if (/\p{Ll}/u.test(password)) kinds++;
  if (/\p{Nd}/u.test(password)) kinds++;
  // Special: anything that is neither a letter, a digit nor white space.
  if (/[^\p{L}\p{N}\s]/u.test(password)) kinds++;
  return kinds;
}

function sequenceCode(ch: string): { kind: 'digit' | 'letter'; code: number } | null {
  if (ch >= '0' && ch <= '9') return { kind: 'digit', code: ch.charCodeAt(0) };
  const lower = ch.toLowerCase();
  if (lower >= 'a' && lower <= 'z' && lower.length === 1)
    return { kind: 'letter', code: lower.charCodeAt(0) };
  return null;
}

/** True when three consecutive characters run up or down by one: 123, 321, abc, cBa (spec §5). */
export function hasSequence(password: string): boolean {
  const chars = [...password];
  for (let i = 0; i + 2 < chars.length; i++) {
    const a = sequenceCode(chars[i]!);
    const b = sequenceCode(chars[i + 1]!);
    const c = sequenceCode(chars[i + 2]!);
    if (!a || !b || !c || a.kind !== b.kind || b.kind !== c.kind) continue;
    const step = b.code - a.code;
    if ((step === 1 || step === -1) && c.code - b.code === step) return true;
  }
  return false;
}

/**
 * Password rules of spec §5. Returns every problem at once (i18n keys) so a form can list them;
 * an empty password only reports `password.required`.
 */
export function checkPassword(
  password: string,
  username: string,
  context: PasswordContext = 'change',
): PasswordCheck {
  if (password.length === 0) return { ok: false, problems: ['password.required'] };
  const problems: PasswordProblem[] = [];
  // Length in code points, so an emoji or a supplementary letter counts as one character.
  const length = [...password].length;
  if (length < passwordMinLength(context)) problems.push('password.tooShort');
  if (length > PASSWORD_MAX) problems.push('password.tooLong');
  if (passwordKinds(password) < 3) problems.push('password.kinds');
  const user = username.trim().toLowerCase();
  if (user !== '' && password.toLowerCase() === user) problems.push('password.sameAsUsername');
  if (hasSequence(password)) problems.push('password.sequence');
  if (/\s/u.test(password)) problems.push('password.spaces');
  return { ok: problems.length === 0, problems };
}

// A practical address check (the HTML living standard's email pattern, with a dot required in the
// domain because the address must reach a mailbox on the internet: spec §5 "Email: valid").
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(s: string): boolean {
  return s.length <= 254 && EMAIL.test(s) && s.indexOf('@') <= 64;
}

/** Spec §5 says only "at least 1 digit"; we also allow just the characters phone numbers use. */
export function isValidMobile(s: string): boolean {
  return /^[0-9+\-() ]{5,20}$/.test(s) && /[0-9]/.test(s);
}

/** Verification code: exactly 6 ASCII digits (spec §5, §9). */
export function isValidCode(s: string): boolean {
  return /^[0-9]{6}$/.test(s);
}

/** The message key of a real name that breaks the rule below (the web app's validation.realName). */
export const REAL_NAME_PROBLEM = 'validation.realName';

/**
 * Real name: 4 to 20 letters, digits, spaces; not only spaces (spec §5). "Letters" are the letters
 * of every script the portal's 22 languages write names in (Latin with its accents, Greek, Hebrew,
 * Arabic, Chinese…), and a hyphen or apostrophe that joins two letters belongs to the name as
 * much as they do: "Anne-Marie", "O'Connor", "D’Angelo". A joiner anywhere else (leading,
 * trailing, doubled, beside a space or digit) is refused.
 */
export function isValidRealName(s: string): boolean {
  if (!/^[\p{L}\p{M}\p{Nd} '’‐-]{4,20}$/u.test(s) || s.trim() === '') return false;
  return !/(^|[^\p{L}\p{M}])['’‐-]|['’‐-](?!\p{L})/u.test(s);
}

export { isValidPostcode } from './postcodes';

/** Height (cm) and weight (kg): a number with at least 2 digits before any decimals (spec §5). */
export function isValidHeightOrWeight(s: string | number): boolean {
  const text = typeof s === 'number' ? String(s) : s;
  return /^[0-9]{2,}(\.[0-9]+)?$/.test(text) && Number(text) > 0;
}

/** Notes and content: at most 1000 characters, counted in code points (spec §5, §9). */
export function isValidNotes(s: string): boolean {
  if (s.length <= NOTES_MAX_LENGTH) return true;
  return [...s].length <= NOTES_MAX_LENGTH;
}

/** The email becomes the username (spec §5); emails compare without case, mobiles as typed. */
export function normalizeUsername(s: string): string {
  const trimmed = s.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

function parseIsoDay(iso: string): YearMonthDay {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new RangeError(`not an ISO date: ${iso}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${iso}`);
  }
  return { year, month, day };
}

/**
 * Age in whole years on `todayIso` (both `YYYY-MM-DD`; a longer ISO string is read by its date).
 * Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthdayIso: string, todayIso: string): number {
  const b = parseIsoDay(birthdayIso);
  const t = parseIsoDay(todayIso);
  let age = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) age--;
  return age;
}

/** Under 16 needs parent or guardian consent (spec §1, §5, §9). */
export function needsGuardianConsent(birthdayIso: string, todayIso: string): boolean {
  return ageOn(birthdayIso, todayIso) < MIN_AGE_WITHOUT_CONSENT;
}
