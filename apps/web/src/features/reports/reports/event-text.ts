import { EXERCISE_INTENSITIES } from '@cgm/domain';
import type { ReportEvent } from '@cgm/contract';
import type { ReportFormat } from '../report-format';

// The words of an event wherever a report shows one (events report, daily report, logbook, print):
// its value with its unit, and its details — exercise intensity, the urine ketone result, the DOSE
// text, and anything else a device sent with it — so nothing recorded is hidden from the reader.

type T = (key: string, opts?: Record<string, unknown>) => string;

/** The value of an event with its unit (BG in the display unit, carbs g, insulin U, exercise min). */
export function eventValue(type: string, value: number | null, fmt: ReportFormat, t: T): string {
  if (value === null) return '';
  switch (type) {
    case 'BG':
      return fmt.glucoseWithUnit(value);
    case 'CARB':
      return `${fmt.num(value)} ${t('events.unit.grams')}`;
    case 'INS':
      return `${fmt.insulin(value)} ${t('units.insulin')}`;
    case 'EXR':
      return `${fmt.num(value)} ${t('events.unit.minutes')}`;
    case 'HBA1C':
      return `${fmt.num(value, 1)} ${t('events.unit.percent')}`;
    default:
      return fmt.num(value, Number.isInteger(value) ? 0 : 1);
  }
}

const ketone = (v: string, t: T) => (v === 'Negative' || v === 'Macro' ? t(`events.ketone.${v}`) : v);

/** Meals a device names in an event's details (a CARB entry, an auto mode meal announcement). */
const MEAL_KEYS: Record<string, string> = {
  breakfast: 'reports.logbook.period.breakfast',
  lunch: 'reports.logbook.period.lunch',
  dinner: 'reports.logbook.period.dinner',
  snack: 'reports.events.snack',
};

/** The details of an event as short texts ("Intensity: Heavy", "++", the DOSE text…). */
export function eventDetails(e: Pick<ReportEvent, 'type' | 'details'>, fmt: ReportFormat, t: T): string[] {
  const out: string[] = [];
  for (const [key, v] of Object.entries(e.details ?? {})) {
    if (v === null || v === undefined || v === '') continue;
    if (key === 'exerciseIntensity' && typeof v === 'number' && EXERCISE_INTENSITIES[v]) {
      out.push(`${t('events.field.intensity')}: ${t(`events.intensity.${EXERCISE_INTENSITIES[v]}`)}`);
    } else if (key === 'text' && typeof v === 'string') {
      // The URINEK result and the DOSE text are the event's value: its type already names them.
      out.push(e.type === 'URINEK' ? ketone(v, t) : v);
    } else if (key === 'carbs' && typeof v === 'number') {
      out.push(t('reports.logbook.carbs', { g: fmt.num(v) }));
    } else if (key === 'meal' && typeof v === 'string' && MEAL_KEYS[v]) {
      out.push(t(MEAL_KEYS[v]));
    } else if (key === 'reason' && v === 'low') {
      out.push(t('reports.events.reasonLow'));
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      // Any other detail a device sent: shown as it was sent rather than left out.
      out.push(`${key}: ${String(v)}`);
    }
  }
  return out;
}

/** "Exercise: 30 min · Intensity: Heavy — notes": type, value, details and notes in one line. */
export function eventSummary(e: ReportEvent, fmt: ReportFormat, t: T): string {
  const value = eventValue(e.type, e.value, fmt, t);
  const parts = [value, ...eventDetails(e, fmt, t)].filter(Boolean);
  const type = t(`events.type.${e.type}`, { defaultValue: e.type });
  return `${type}${parts.length ? `: ${parts.join(' · ')}` : ''}${e.notes ? ` — ${e.notes}` : ''}`;
}
