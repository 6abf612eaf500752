import {
  eventTypeInfo,
  eventValueInUnit,
  glucoseDecimals,
  NOTES_MAX_LENGTH,
  type EventValueKind,
  type GlucoseUnit,
} from '@cgm/domain';
import type { ClinicalEvent, EventInput } from '@cgm/contract';

// The event form (spec §3 "Events"): what each type asks for, and the conversion between the
// form's text, the user's glucose unit and the API's values (glucose in mg/dL).

export interface EventForm {
  type: string;
  /** Local date and time as a datetime-local input writes it: YYYY-MM-DDTHH:mm. */
  date: string;
  /**
   * The UTC offset (minutes) `date` is read in: an edited event keeps the offset it was recorded
   * with, as the reports show it (CLINICAL.md: the patient's local time); null for a new event,
   * read in the browser's own time zone.
   */
  offsetMin: number | null;
  value: string;
  text: string;
  intensity: string;
  notes: string;
}

export type EventFormField = keyof EventForm;
export type EventFormErrors = Partial<Record<EventFormField, string>>;

const NUMERIC: readonly EventValueKind[] = ['glucose', 'grams', 'units', 'minutes', 'percent'];

/** Which inputs a type shows besides date and notes. */
export function fieldsOf(type: string): {
  value: boolean;
  text: 'ketone' | 'free' | null;
  intensity: boolean;
} {
  const kind = eventTypeInfo(type)?.value ?? 'none';
  return {
    value: NUMERIC.includes(kind),
    text: kind === 'urineKetone' ? 'ketone' : kind === 'text' ? 'free' : null,
    intensity: type === 'EXR',
  };
}

/** The unit label key of a type's value (`events.unit.*`), glucose in the user's unit. */
export function valueUnitKey(type: string, unit: GlucoseUnit): string | null {
  switch (eventTypeInfo(type)?.value) {
    case 'glucose':
      return unit === 'mg/dL' ? 'events.unit.mgdl' : 'events.unit.mmol';
    case 'grams':
      return 'events.unit.grams';
    case 'units':
      return 'events.unit.insulin';
    case 'minutes':
      return 'events.unit.minutes';
    case 'percent':
      return 'events.unit.percent';
    default:
      return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as datetime-local text, in the browser's zone or at a fixed UTC offset (minutes). */
export function toLocalInput(ms: number, offsetMin: number | null = null): string {
  if (offsetMin !== null) {
    const d = new Date(ms + offsetMin * 60_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  }
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * datetime-local text to epoch ms, read in the browser's zone or at a fixed UTC offset (minutes);
 * null when it is not a real date and time.
 */
export function fromLocalInput(s: string, offsetMin: number | null = null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (offsetMin !== null) {
    const utc = new Date(Date.UTC(y, mo - 1, d, h, mi));
    if (utc.getUTCMonth() !== mo - 1 || utc.getUTCDate() !== d) return null;
    return utc.getTime() - offsetMin * 60_000;
  }
  const date = new Date(y, mo - 1, d, h, mi);
  if (date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.getTime();
}

export function emptyEventForm(type: string, now: number): EventForm {
  return { type, date: toLocalInput(now), offsetMin: null, value: '', text: '', intensity: '', notes: '' };
}

/** An event as the form shows it, its glucose in the user's unit. */
export function eventToForm(e: ClinicalEvent, unit: GlucoseUnit): EventForm {
  return {
    type: e.type,
    date: toLocalInput(e.date, e.utc_offset_min),
    offsetMin: e.utc_offset_min,
    value: e.value === null ? '' : String(eventValueInUnit(e.type, e.value, unit)),
    text: e.text ?? '',
    intensity: e.exerciseIntensity === null ? '' : String(e.exerciseIntensity),
    notes: e.notes ?? '',
  };
}

export const notesLength = (s: string): number => [...s].length;

/**
 * The API's input from the form, or the form's problems (i18n keys). The range checks are the
 * server's (domain `checkEvent` after conversion); here only what the form can see at once.
 */
export function formToInput(
  form: EventForm,
  unit: GlucoseUnit,
): { ok: true; input: EventInput } | { ok: false; errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const fields = fieldsOf(form.type);
  const date = fromLocalInput(form.date, form.offsetMin);
  if (date === null) errors.date = 'events.problem.dateInvalid';
  const value = Number(form.value.trim().replace(',', '.'));
  if (fields.value && (form.value.trim() === '' || !Number.isFinite(value)))
    errors.value = 'events.problem.valueRequired';
  if (fields.text && form.text.trim() === '') errors.text = 'events.problem.valueRequired';
  if (fields.intensity && !['0', '1', '2'].includes(form.intensity))
    errors.intensity = 'events.problem.intensityInvalid';
  if (notesLength(form.notes) > NOTES_MAX_LENGTH) errors.notes = 'validation.notesTooLong';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      date: date!,
      utc_offset_min: form.offsetMin ?? -new Date(date!).getTimezoneOffset(),
      type: form.type,
      unit,
      value: fields.value ? value : null,
      text: fields.text ? form.text.trim() : null,
      exerciseIntensity: fields.intensity ? Number(form.intensity) : null,
      notes: form.notes.trim() === '' ? null : form.notes,
    },
  };
}

/** The number of an event in the user's unit, formatted (glucose decimals follow the unit). */
export function formatEventValue(e: ClinicalEvent, unit: GlucoseUnit, language: string): string | null {
  if (e.value === null) return null;
  const kind = eventTypeInfo(e.type)?.value;
  const digits = kind === 'glucose' ? glucoseDecimals(unit) : kind === 'units' ? 2 : undefined;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 2,
  }).format(eventValueInUnit(e.type, e.value, unit));
}
