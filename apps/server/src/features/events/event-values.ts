import type { z } from 'zod';
import { checkEvent, eventTypeInfo, eventValueToStored, isPlausibleEventTime, roundTo } from '@cgm/domain';
import type { ClinicalEvent, eventInput } from '@cgm/contract';
import type { InputProblems } from '../../platform/http/input-problems';
import type { EventValues, EventWithAuthor } from './events.repository';

/** Which input field a domain problem is about (the others are about the value or the text). */
const PROBLEM_FIELD: Record<string, string> = {
  'events.problem.intensityInvalid': 'exerciseIntensity',
  'events.problem.typeInvalid': 'type',
  'validation.notesTooLong': 'notes',
};

export type ParsedEventInput = z.output<typeof eventInput>;

/**
 * A typed event as stored (spec §3 "Events"), or problems added under `path`. Only the fields of
 * the type count: glucose is converted to mg/dL, insulin rounded to 0.05 U, EXR keeps its
 * intensity, URINEK and DOSE keep their text; the domain's checks then run on the stored value.
 */
export function toStoredEvent(
  input: ParsedEventInput,
  now: number,
  problems: InputProblems,
  path: string,
): EventValues | null {
  const info = eventTypeInfo(input.type)!;
  const numeric = ['glucose', 'grams', 'units', 'minutes', 'percent'].includes(info.value);
  const typed = input.value ?? null;
  const value = numeric && typed !== null ? eventValueToStored(input.type, typed, input.unit) : null;
  const text = info.value === 'urineKetone' || info.value === 'text' ? (input.text ?? null) : null;
  const intensity = input.type === 'EXR' ? (input.exerciseIntensity ?? null) : null;
  const notes = input.notes && input.notes.trim() !== '' ? input.notes : null;

  const before = problems.details.length;
  problems.check(isPlausibleEventTime(input.date, now), `${path}date`, 'events.problem.dateInvalid');
  const textual = info.value === 'urineKetone' || info.value === 'text';
  for (const key of checkEvent({
    type: input.type,
    value: textual ? text : value,
    exerciseIntensity: intensity,
    notes,
  })) {
    problems.add(`${path}${PROBLEM_FIELD[key] ?? (textual ? 'text' : 'value')}`, key);
  }
  if (problems.details.length > before) return null;

  const details: Record<string, unknown> = {};
  if (intensity !== null) details.exerciseIntensity = intensity;
  if (text !== null) details.text = text;
  return {
    time: new Date(input.date),
    utcOffsetMin: input.utc_offset_min,
    eventType: input.type,
    value,
    details: Object.keys(details).length > 0 ? details : null,
    notes,
  };
}

const SOURCES: Record<string, ClinicalEvent['source']> = {
  device: 'device',
  user: 'user',
  uploaded: 'uploaded',
};

/** A stored event in the answer's shape; device details pass through as the device sent them. */
export function toClinicalEvent({ event: e, authorName }: EventWithAuthor): ClinicalEvent {
  const details =
    e.details && typeof e.details === 'object' && !Array.isArray(e.details)
      ? (e.details as Record<string, unknown>)
      : null;
  const text = typeof details?.text === 'string' ? details.text : null;
  const intensity = details?.exerciseIntensity;
  const source = SOURCES[e.origin] ?? 'device';
  return {
    eid: e.id,
    date: e.time.getTime(),
    utc_offset_min: e.utcOffsetMin,
    type: e.eventType,
    // float4 column: 131.4 reads back as 131.39999…; three decimals give the value as entered.
    value: e.value === null ? null : roundTo(e.value, 3),
    text,
    exerciseIntensity: typeof intensity === 'number' && [0, 1, 2].includes(intensity) ? intensity : null,
    details,
    notes: e.notes,
    source,
    editable: source === 'user',
    created_by: e.createdBy,
    created_by_name: e.createdBy ? authorName : null,
    updated_at: e.updatedAt ? e.updatedAt.getTime() : null,
  };
}
