import { MS_PER_DAY } from '@cgm/domain';

/** The list's figures are over the last 14 days (issue "Clinician work"; the consensus period). */
export const TIR_DAYS = 14;
const MS_PER_HOUR = 3_600_000;

/**
 * The window of the list's figures: the 14 days of whole UTC hours that end with the current hour,
 * so "now" and up to an hour more than 14 days.
 */
export function tirWindow(now: Date): { from: Date; to: Date } {
  const to = Math.floor(now.getTime() / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR;
  return { from: new Date(to - TIR_DAYS * MS_PER_DAY), to: new Date(to) };
}
