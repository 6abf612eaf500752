// Event types (spec §3 "Events"): BG, CARB, INS, EXR (with intensity), HBA1C, DOSE, URINEK, OTR,
// and the pump's own auto-mode announcements. An event has date, type, details, notes, source.

import { NOTES_MAX_LENGTH } from './validation';

export type EventValueKind =
  'glucose' | 'grams' | 'units' | 'minutes' | 'percent' | 'urineKetone' | 'text' | 'none';

export interface EventTypeInfo {
  type: string;
  labelKey: string;
  /** What `details.value` holds. Glucose is in mg/dL like every stored value. */
  value: EventValueKind;
  /** Written by the pump in auto mode, not entered by a user. */
  auto: boolean;
  /** Plausible range of the value; the portal's own limits, the spec gives none. */
  min?: number;
  max?: number;
}

export const EVENT_TYPES: readonly EventTypeInfo[] = [
  { type: 'BG', labelKey: 'events.type.BG', value: 'glucose', auto: false, min: 10, max: 600 },
  { type: 'CARB', labelKey: 'events.type.CARB', value: 'grams', auto: false, min: 0, max: 500 },
  { type: 'INS', labelKey: 'events.type.INS', value: 'units', auto: false, min: 0, max: 100 },
  { type: 'EXR', labelKey: 'events.type.EXR', value: 'minutes', auto: false, min: 0, max: 1440 },
  { type: 'HBA1C', labelKey: 'events.type.HBA1C', value: 'percent', auto: false, min: 3, max: 20 },
  { type: 'DOSE', labelKey: 'events.type.DOSE', value: 'text', auto: false },
  { type: 'URINEK', labelKey: 'events.type.URINEK', value: 'urineKetone', auto: false },
  { type: 'OTR', labelKey: 'events.type.OTR', value: 'none', auto: false },
  { type: 'AutoExercise', labelKey: 'events.type.AutoExercise', value: 'none', auto: true },
  { type: 'AutoBreakfast', labelKey: 'events.type.AutoBreakfast', value: 'none', auto: true },
  { type: 'AutoLunch', labelKey: 'events.type.AutoLunch', value: 'none', auto: true },
  { type: 'AutoDinner', labelKey: 'events.type.AutoDinner', value: 'none', auto: true },
  { type: 'AutoSnack', labelKey: 'events.type.AutoSnack', value: 'none', auto: true },
];

export const EVENT_TYPE_CODES: readonly string[] = EVENT_TYPES.map((e) => e.type);

/** EXR exerciseIntensity 0–2 (spec §3). */
export const EXERCISE_INTENSITIES = ['light', 'medium', 'heavy'] as const;
export type ExerciseIntensity = 0 | 1 | 2;

/** URINEK values (spec §3), mildest first. */
export const URINE_KETONE_VALUES = ['Negative', 'Macro', '+', '++', '+++', '++++'] as const;
export type UrineKetoneValue = (typeof URINE_KETONE_VALUES)[number];

/** Meal periods of the logbook and settings (spec §9). */
export const MEAL_PERIODS = ['breakfast', 'lunch', 'dinner', 'night'] as const;

export function eventTypeInfo(type: string): EventTypeInfo | undefined {
  return EVENT_TYPES.find((e) => e.type === type);
}

export interface EventInput {
  type: string;
  value?: number | string | null;
  exerciseIntensity?: number | null;
  notes?: string | null;
}

/** Problems of an event a user enters, as i18n keys; empty when it can be saved. */
export function checkEvent(e: EventInput): string[] {
  const info = eventTypeInfo(e.type);
  if (!info || info.auto) return ['events.problem.typeInvalid'];
  const problems: string[] = [];
  if (info.value === 'urineKetone') {
    if (!URINE_KETONE_VALUES.includes(e.value as UrineKetoneValue))
      problems.push('events.problem.valueInvalid');
  } else if (info.value === 'text') {
    if (typeof e.value !== 'string' || e.value.trim() === '') problems.push('events.problem.valueRequired');
  } else if (info.value !== 'none') {
    const v = e.value;
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push('events.problem.valueRequired');
    else if (v < info.min! || v > info.max!) problems.push('events.problem.valueOutOfRange');
  }
  if (e.type === 'EXR' && ![0, 1, 2].includes(e.exerciseIntensity ?? -1))
    problems.push('events.problem.intensityInvalid');
  if (e.notes && [...e.notes].length > NOTES_MAX_LENGTH) problems.push('validation.notesTooLong');
  return problems;
}
