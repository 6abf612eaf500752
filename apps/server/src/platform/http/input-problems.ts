import { checkPassword, ErrorCode, type PasswordContext } from '@cgm/domain';
import { fail } from './api-error';
import { isCommonPassword } from '../lib/common-passwords';

export interface InputDetail {
  path: string;
  message: string;
}

/**
 * Collects every field problem of a request, so one 400 answer (error 100) lists them all and
 * nothing is changed before the whole input is known to be good (DESIGN.md "Conventions").
 * Messages are i18n keys the web app translates.
 */
export class InputProblems {
  readonly details: InputDetail[] = [];

  add(path: string, message: string): void {
    this.details.push({ path, message });
  }

  check(ok: boolean, path: string, message: string): void {
    if (!ok) this.add(path, message);
  }

  /**
   * Spec §5 password rules (each problem one of the domain's PASSWORD_PROBLEMS keys), then the
   * common-password list, which the server alone holds (it is too large for the web app).
   */
  password(path: string, password: string, username: string, context: PasswordContext): void {
    for (const problem of checkPassword(password, username, context).problems) this.add(path, problem);
    if (isCommonPassword(password)) this.add(path, 'password.common');
  }

  /** A real calendar day (YYYY-MM-DD) that is not after `today` (birthdays, diagnosis dates). */
  pastDay(path: string, iso: string, today: string): void {
    this.check(isCalendarDay(iso) && iso <= today, path, 'validation.date');
  }

  /** Throws the 400 when anything was found; `message` replaces the generic key (spec §8 wording). */
  throwIfAny(message?: string): void {
    if (this.details.length === 0) return;
    fail(ErrorCode.INVALID_INPUT, { details: this.details, ...(message ? { message } : {}) });
  }
}

export function isCalendarDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);
