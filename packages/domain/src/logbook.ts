// The logbook (spec §1 reports; issue "Reports": a table by day and meal period of glucose, carbs,
// insulin and events). Each cell is one local date × one meal period (meal-periods.ts); readings
// are de-duplicated like every statistic (readings.ts), boluses count their whole amount (now and
// extended) in the cell where they started.

import type { BolusRecord } from './bolus-codes';
import { bolusTotal } from './bolus-codes';
import { MEAL_PERIODS } from './event-types';
import type { MealPeriod } from './meal-periods';
import { mealPeriodOf } from './meal-periods';
import type { Readings } from './readings';
import { dayNumberToKey, localDayNumber, localMinuteOfDay, prepareReadings } from './readings';

/** Anything placed in the logbook by its time: fingersticks, events. */
export interface Timed {
  time: number;
  utcOffsetMin?: number;
}

export interface LogbookEvent extends Timed {
  type: string;
  value?: number | null;
}

export interface LogbookCell<B extends Timed = Timed, E extends LogbookEvent = LogbookEvent> {
  /** Sensor glucose of the cell, mg/dL; null figures without readings. */
  count: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  /** Fingerstick BG readings in the cell, in time order. */
  bg: B[];
  /** Grams entered in the bolus wizard (details.carb) and as CARB events, and their sum. */
  wizardCarbs: number;
  eventCarbs: number;
  carbs: number;
  /** Units of the boluses that started in the cell (normal, extended and combo parts). */
  bolus: number;
  bolusCount: number;
  /** Every event of the cell (CARB included), in time order. */
  events: E[];
}

export interface LogbookDay<B extends Timed = Timed, E extends LogbookEvent = LogbookEvent> {
  day: string;
  periods: Record<MealPeriod, LogbookCell<B, E>>;
}

export interface LogbookInput<B extends Timed, E extends LogbookEvent> {
  readings: Readings;
  bg?: readonly B[];
  boluses?: readonly BolusRecord[];
  events?: readonly E[];
}

function emptyCell<B extends Timed, E extends LogbookEvent>(): LogbookCell<B, E> {
  return {
    count: 0, mean: null, min: null, max: null, bg: [], wizardCarbs: 0, eventCarbs: 0, carbs: 0,
    bolus: 0, bolusCount: 0, events: [],
  }; // prettier-ignore
}

/**
 * One row per local date with any data, in calendar order; `fromDay`/`toDay` (YYYY-MM-DD, both
 * included) keep only those dates.
 */
export function logbook<B extends Timed, E extends LogbookEvent>(
  input: LogbookInput<B, E>,
  period: { fromDay?: string; toDay?: string } = {},
): LogbookDay<B, E>[] {
  const days = new Map<number, LogbookDay<B, E>>();
  const cellAt = (time: number, offset: number): LogbookCell<B, E> => {
    const dayNumber = localDayNumber(time, offset);
    let row = days.get(dayNumber);
    if (!row) {
      const periods = Object.fromEntries(MEAL_PERIODS.map((p) => [p, emptyCell<B, E>()]));
      row = { day: dayNumberToKey(dayNumber), periods: periods as Record<MealPeriod, LogbookCell<B, E>> };
      days.set(dayNumber, row);
    }
    return row.periods[mealPeriodOf(localMinuteOfDay(time, offset))];
  };

  const { n, times, values, offsets } = prepareReadings(input.readings);
  const sums = new Map<LogbookCell<B, E>, number>();
  for (let i = 0; i < n; i++) {
    const cell = cellAt(times[i]!, offsets[i]!);
    const g = values[i]!;
    cell.count++;
    sums.set(cell, (sums.get(cell) ?? 0) + g);
    cell.min = cell.min === null || g < cell.min ? g : cell.min;
    cell.max = cell.max === null || g > cell.max ? g : cell.max;
  }
  for (const [cell, sum] of sums) cell.mean = sum / cell.count;

  const byTime = <T extends Timed>(list: readonly T[] = []) => [...list].sort((a, b) => a.time - b.time);
  for (const b of byTime(input.bg)) cellAt(b.time, b.utcOffsetMin ?? 0).bg.push(b);
  for (const b of byTime(input.boluses)) {
    const cell = cellAt(b.time, b.utcOffsetMin ?? 0);
    cell.bolus += bolusTotal(b);
    cell.bolusCount++;
    cell.wizardCarbs += b.details?.carb ?? 0;
  }
  for (const e of byTime(input.events)) {
    const cell = cellAt(e.time, e.utcOffsetMin ?? 0);
    cell.events.push(e);
    if (e.type === 'CARB' && typeof e.value === 'number') cell.eventCarbs += e.value;
  }
  const rows = [...days.keys()].sort((a, b) => a - b).map((d) => days.get(d)!);
  for (const row of rows) {
    for (const p of MEAL_PERIODS)
      row.periods[p].carbs = row.periods[p].wizardCarbs + row.periods[p].eventCarbs;
  }
  return rows.filter(
    (r) =>
      (period.fromDay === undefined || r.day >= period.fromDay) &&
      (period.toDay === undefined || r.day <= period.toDay),
  );
}
