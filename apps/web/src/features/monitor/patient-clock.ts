import {
  formatDateTime,
  formatRecordedDateTime,
  formatRecordedTime,
  formatTime,
} from '../../i18n/format-time';
import { browserOffsetMin, clockNote, type ClockNote } from '../../i18n/patient-clock';

// The monitor's times on the patient's clock (CLINICAL.md "Showing numbers": the same reading has
// the same time on the monitor, the reports and the prints), from the UTC offset its devices
// record; on the viewer's clock, said so, while no device data gives one.

export interface PatientClock {
  time: (ms: number) => string;
  dateTime: (ms: number) => string;
  /** For uPlot's `tzDate`: a Date whose local fields read as the patient's wall clock. */
  tzDate: ((ms: number) => Date) | undefined;
  note: ClockNote;
}

export function patientClock(
  offsetMin: number | null,
  language: string,
  atMs: number,
  viewerOffset: (atMs: number) => number = browserOffsetMin,
): PatientClock {
  if (offsetMin === null) {
    return {
      time: (ms) => formatTime(ms, language),
      dateTime: (ms) => formatDateTime(ms, language),
      tzDate: undefined,
      note: clockNote(null, atMs, viewerOffset),
    };
  }
  return {
    time: (ms) => formatRecordedTime(ms, offsetMin, language),
    dateTime: (ms) => formatRecordedDateTime(ms, offsetMin, language),
    tzDate: (ms) => new Date(ms + (offsetMin - viewerOffset(ms)) * 60_000),
    note: clockNote([{ offsetMin, atMs }], atMs, viewerOffset),
  };
}
