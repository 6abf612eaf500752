// The plan of one local day: which basal pattern the patient runs, whether they are ill or on
// holiday, when they wake and sleep, their meals (when, how much, fast or slow, how they bolus),
// unbolused snacks, exercise and a manual suspend. A day's plan depends only on the patient's seed
// and the day, so any stretch of history shows the same days.

import { MS_PER_MINUTE } from '@cgm/domain';
import type { MealName, PatternName } from './codes';
import type { CarbSpeed } from './physiology';
import type { ExerciseHabit, Intensity, PatientProfile } from './profile';
import { Rng } from './random';

export type BolusWay = 'wizard' | 'manual' | 'announce' | 'none';
export type BolusShape = 'normal' | 'combo' | 'extended';

export interface PlannedMeal {
  meal: MealName;
  time: number;
  carbs: number;
  speed: CarbSpeed;
  way: BolusWay;
  bolusTime: number;
  /** The patient's carbohydrate estimate, g (rounded to 5). */
  estimate: number;
  shape: BolusShape;
  fingerstick: boolean;
}

export interface DayPlan {
  day: number;
  /** UTC time of the local midnight that starts the day. */
  midnight: number;
  pattern: PatternName;
  sick: boolean;
  holiday: boolean;
  /** Multiplier of the true basal requirement (illness, activity, cycle). */
  needFactor: number;
  /** The day's insulin sensitivity multiplier. */
  sensitivity: number;
  wakeMin: number;
  bedMin: number;
  meals: PlannedMeal[];
  snacks: Array<{ time: number; carbs: number }>;
  exercise: { start: number; minutes: number; intensity: Intensity } | null;
  manualSuspend: { start: number; minutes: number } | null;
}

/** 0 Sunday … 6 Saturday of a local day number (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

function isSick(profile: PatientProfile, day: number): boolean {
  // An illness starts on a day with its own chance and lasts 2–4 days.
  for (let d = day - 3; d <= day; d++) {
    const r = new Rng(`sick:${profile.seed}:${d}`);
    if (r.chance(profile.sickDaysPerYear / 3 / 365) && day - d < r.int(2, 4)) return true;
  }
  return false;
}

function isHoliday(profile: PatientProfile, day: number): boolean {
  const week = Math.floor((day + 3) / 7);
  return new Rng(`holiday:${profile.seed}:${week}`).chance(profile.holidayWeeksPerYear / 52);
}

function choosePattern(
  p: PatientProfile,
  day: number,
  f: { sick: boolean; holiday: boolean; exercise: boolean },
  r: Rng,
): PatternName {
  if (f.sick) return 'sick';
  if (f.holiday) return 'holiday';
  if (f.exercise && p.therapy === 'manual' && p.behaviour.exerciseStrategy === 'pattern') return 'exercise';
  const weekday = weekdayOf(day);
  if (p.weekendProgram && (weekday === 0 || weekday === 6)) return 'programA';
  if (p.cycleProgram && (day + p.seed) % 28 >= 22) return 'programB';
  if (r.chance(0.02)) return 'programC';
  return 'standard';
}

export function planDay(profile: PatientProfile, day: number, midnight: number): DayPlan {
  const r = new Rng(`plan:${profile.seed}:${day}`);
  const b = profile.behaviour;
  const sick = isSick(profile, day);
  const holiday = !sick && isHoliday(profile, day);
  const weekday = weekdayOf(day);
  const weekend = weekday === 0 || weekday === 6;
  const late = (holiday ? 60 : 0) + (weekend ? 45 : 0);
  const at = (minute: number) => midnight + Math.round(minute) * MS_PER_MINUTE;
  const wakeMin = Math.min(700, Math.round(b.wakeMin + late + r.normal(0, 15)));
  const bedMin = Math.min(
    1435,
    Math.round(b.bedtimeMin + (holiday || weekday === 5 || weekday === 6 ? 40 : 0) + r.normal(0, 20)),
  );

  const meals: PlannedMeal[] = [];
  for (const habit of profile.mealHabits) {
    if (r.chance(habit.skipProb * (sick ? 2 : 1))) continue;
    const shift = habit.meal === 'breakfast' ? Math.max(late, wakeMin + 15 - habit.timeMin) : late / 2;
    const minute = Math.min(1430, habit.timeMin + shift + r.normal(0, habit.timeSdMin));
    const carbs = Math.round(habit.carbs * r.factor(habit.carbsSpread) * (sick ? 0.7 : holiday ? 1.15 : 1));
    const speed: CarbSpeed = r.chance(habit.slowProb)
      ? 'slow'
      : habit.meal === 'snack' || r.chance(0.25)
        ? 'fast'
        : 'medium';
    let way: BolusWay = 'wizard';
    if (profile.therapy === 'auto' && r.chance(b.announceMealProb)) way = 'announce';
    else if (r.chance(b.missedBolusProb)) way = 'none';
    else if (r.chance(b.manualBolusProb)) way = 'manual';
    const offset = r.chance(b.lateBolusProb)
      ? r.uniform(15, 45)
      : -Math.max(0, b.preBolusMin + r.normal(0, 3));
    const shape: BolusShape =
      speed === 'slow' && r.chance(b.comboProb) ? (r.chance(0.2) ? 'extended' : 'combo') : 'normal';
    meals.push({
      meal: habit.meal,
      time: at(minute),
      carbs,
      speed,
      way,
      bolusTime: at(minute + offset),
      estimate: Math.max(
        5,
        Math.round((carbs * Math.exp(r.around(0, b.carbCountSpread, -0.7, 0.6))) / 5) * 5,
      ),
      shape,
      fingerstick: r.chance(b.fingerstickProb),
    });
  }

  const snacks: DayPlan['snacks'] = [];
  const snackCount = Math.floor(b.snacksPerDay) + (r.chance(b.snacksPerDay % 1) ? 1 : 0);
  for (let i = 0; i < snackCount; i++)
    snacks.push({ time: at(r.uniform(wakeMin + 60, bedMin - 30)), carbs: r.int(10, 30) });

  const habit: ExerciseHabit | undefined = profile.exerciseDays.find((e) => e.weekday === weekday);
  let exercise: DayPlan['exercise'] = null;
  if (!sick && habit && r.chance(0.8)) {
    exercise = {
      start: at(habit.startMin + r.normal(0, 15)),
      minutes: Math.round(habit.durationMin * r.uniform(0.8, 1.2)),
      intensity: habit.intensity,
    };
  } else if (holiday && r.chance(0.5)) {
    exercise = { start: at(r.uniform(600, 900)), minutes: r.int(60, 150), intensity: 0 };
  }
  const manualSuspend = r.chance(b.manualSuspendsPerWeek / 7)
    ? { start: at(r.uniform(wakeMin + 30, bedMin - 60)), minutes: r.int(15, 60) }
    : null;

  let needFactor = 1;
  if (sick) needFactor = r.uniform(1.2, 1.5);
  else if (holiday) needFactor = 0.92;
  const pattern = choosePattern(profile, day, { sick, holiday, exercise: exercise !== null }, r);
  if (pattern === 'programB') needFactor *= 1.08;
  if (pattern === 'programC') needFactor *= 0.95;
  return {
    day,
    midnight,
    pattern,
    sick,
    holiday,
    needFactor,
    sensitivity: r.factor(profile.physiology.daySpread),
    wakeMin,
    bedMin,
    meals,
    snacks,
    exercise,
    manualSuspend,
  };
}
