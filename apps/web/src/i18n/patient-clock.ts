// Whose clock the times are on (CLINICAL.md "Showing numbers"): device data shows in the patient's
// local time as the device recorded it (each reading's UTC offset), on the monitor, the reports and
// the prints; where that differs from the viewer's clock, the screen says so.
import { utcOffsetLabel } from './format-time';

/** The viewer's UTC offset (minutes) at an instant, from the browser's time zone. */
export const browserOffsetMin = (atMs: number): number => -new Date(atMs).getTimezoneOffset();

const DAY_MS = 86_400_000;

/**
 * The patient's UTC offsets over a report's range, from its envelope: `from_ms` is local midnight
 * of `from`, `to_ms` local midnight after `to` (two offsets across a daylight-saving change).
 */
export function rangeOffsets(env: { from: string; to: string; from_ms: number; to_ms: number }): number[] {
  const start = (Date.parse(`${env.from}T00:00:00Z`) - env.from_ms) / 60_000;
  const end = (Date.parse(`${env.to}T00:00:00Z`) + DAY_MS - env.to_ms) / 60_000;
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [];
  return start === end ? [start] : [start, end];
}

export type ClockNote =
  /** The patient's clock differs from the viewer's: name both. */
  | { kind: 'patient'; offset: string; viewer: string }
  /** The times are on the viewer's clock (the patient's offset is not known on this screen). */
  | { kind: 'viewer'; offset: string }
  | null;

/**
 * The note for times on the patient's clock (`patient` offsets, with the instants they hold at),
 * or on the viewer's when the patient's is not known (`patient` null); null when nothing needs
 * saying (the patient's clock is the viewer's).
 */
export function clockNote(
  patient: ReadonlyArray<{ offsetMin: number; atMs: number }> | null,
  atMs: number,
  viewerOffset: (atMs: number) => number = browserOffsetMin,
): ClockNote {
  if (patient === null) return { kind: 'viewer', offset: utcOffsetLabel(viewerOffset(atMs)) };
  if (patient.length === 0 || patient.every((p) => p.offsetMin === viewerOffset(p.atMs))) return null;
  const labels = (list: number[]) => [...new Set(list)].map(utcOffsetLabel).join(' / ');
  return {
    kind: 'patient',
    offset: labels(patient.map((p) => p.offsetMin)),
    viewer: labels(patient.map((p) => viewerOffset(p.atMs))),
  };
}

/** The patient's clock over a report's range, for `clockNote`. */
export function rangeClock(env: { from: string; to: string; from_ms: number; to_ms: number }) {
  const offsets = rangeOffsets(env);
  if (offsets.length === 0) return [];
  return offsets.length === 1
    ? [{ offsetMin: offsets[0]!, atMs: env.from_ms }]
    : [
        { offsetMin: offsets[0]!, atMs: env.from_ms },
        { offsetMin: offsets[1]!, atMs: env.to_ms - 1 },
      ];
}
