// Varied but plausible patients from a seed. Settings follow the usual starting rules (total daily
// dose 0.45–0.8 U/kg, basal ~45 % of it, carbohydrate ratio by the 500 rule, sensitivity by the
// 1800 rule); control level decides how far the hidden physiology is from those settings and how
// carefully the patient boluses.

import type { AutoTarget, PatternName } from './codes';
import type { Behaviour, Control, ExerciseHabit, MealHabit, PatientProfile, Physiology } from './profile';
import { RESERVOIR_CAPACITY_U } from './profile';
import { Rng } from './random';
import type { Segment } from './segments';
import { roundStep, scaleSegments } from './segments';

const FIRST_NAMES = ['Alex', 'Sam', 'Jo', 'Robin', 'Kim', 'Noa', 'Mika', 'Eli', 'Lou', 'Ari', 'Tal', 'Yuki'];
const OFFSETS = [0, 60, 60, 60, 120, 480, -300, 330];

/** Basal segment boundaries (hours) and the requirement shape the standard pattern follows. */
const SEGMENT_HOURS = [0, 3, 8, 12, 17, 22];

/** Dawn bump: a raised cosine from 03:30 to 09:30 peaking at 06:30 (minutes of the day). */
export function dawnShape(minuteOfDay: number): number {
  const x = (minuteOfDay - 390) / 180;
  return Math.abs(x) >= 1 ? 0 : 0.5 * (1 + Math.cos(Math.PI * x));
}

function standardPattern(rate: number, dawnCaptured: number): Segment[] {
  return SEGMENT_HOURS.map((h, i) => {
    const end = (SEGMENT_HOURS[i + 1] ?? 24) * 60;
    let sum = 0;
    for (let m = h * 60; m < end; m += 10) sum += 1 + dawnCaptured * dawnShape(m);
    const mean = sum / ((end - h * 60) / 10);
    const evening = h >= 17 ? 0.95 : 1;
    return { startMin: h * 60, value: Math.max(0.05, roundStep(rate * mean * evening, 0.05)) };
  });
}

function patterns(standard: Segment[]): Record<PatternName, Segment[]> {
  const by = (factors: number[]): Segment[] =>
    standard.map((s, i) => ({
      startMin: s.startMin,
      value: Math.max(0, roundStep(s.value * factors[i]!, 0.05)),
    }));
  return {
    standard,
    exercise: by([0.85, 0.85, 0.9, 0.75, 0.7, 0.8]),
    holiday: scaleSegments(standard, 0.9, 0.05),
    sick: scaleSegments(standard, 1.3, 0.05),
    programA: by([1, 1, 0.95, 0.95, 1, 1]),
    programB: scaleSegments(standard, 1.1, 0.05),
    programC: scaleSegments(standard, 0.95, 0.05),
    programD: scaleSegments(standard, 0.8, 0.05),
  };
}

function meals(r: Rng, control: Control): MealHabit[] {
  const loose = control === 'poor' ? 1.5 : control === 'fair' ? 1.2 : 1;
  const list: MealHabit[] = [
    { meal: 'breakfast', timeMin: r.int(390, 510), timeSdMin: 20 * loose, carbs: r.int(30, 65), carbsSpread: 0.2, skipProb: control === 'poor' ? 0.2 : 0.05, slowProb: 0.05 },
    { meal: 'lunch', timeMin: r.int(715, 810), timeSdMin: 25 * loose, carbs: r.int(40, 80), carbsSpread: 0.25, skipProb: 0.05, slowProb: 0.15 },
    { meal: 'dinner', timeMin: r.int(1080, 1200), timeSdMin: 30 * loose, carbs: r.int(50, 95), carbsSpread: 0.25, skipProb: 0.02, slowProb: 0.3 },
  ]; // prettier-ignore
  if (r.chance(0.6)) {
    list.push({
      meal: 'snack',
      timeMin: r.int(930, 1010),
      timeSdMin: 30,
      carbs: r.int(15, 30),
      carbsSpread: 0.3,
      skipProb: 0.4,
      slowProb: 0,
    });
  }
  return list;
}

function exercise(r: Rng): ExerciseHabit[] {
  const days = r.weighted([1, 2, 3, 2, 1]);
  const morning = r.chance(0.3);
  const startMin = morning ? r.int(400, 450) : r.int(1020, 1140);
  const picked = new Set<number>();
  while (picked.size < days) picked.add(r.int(0, 6));
  return [...picked]
    .sort((a, b) => a - b)
    .map((weekday) => ({
      weekday,
      startMin,
      durationMin: r.pick([30, 45, 60, 75]),
      intensity: r.pick([0, 1, 1, 2] as const),
    }));
}

function behaviour(r: Rng, control: Control, therapy: 'auto' | 'manual', hypoProne: boolean): Behaviour {
  const level = { good: 0, fair: 1, poor: 2 }[control];
  return {
    carbCountSpread: [0.2, 0.3, 0.4][level]!,
    missedBolusProb: [0.01, therapy === 'auto' ? 0.1 : 0.06, therapy === 'auto' ? 0.25 : 0.14][level]!,
    lateBolusProb: [0.05, 0.15, 0.3][level]!,
    preBolusMin: [r.int(5, 15), r.int(0, 10), 0][level]!,
    snacksPerDay: [0.15, 0.4, therapy === 'auto' ? 1.1 : 0.8][level]!,
    correctsHighProb: hypoProne ? 0.8 : [0.7, 0.4, 0.25][level]!,
    stacksCorrections: hypoProne,
    ignoreLowAlertProb: hypoProne ? 0.6 : 0.35,
    hypoTreatGrams: r.pick([15, 15, 20, 20, 25]),
    overtreatProb: [0.15, 0.3, 0.45][level]!,
    nightAlarmWakeProb: r.uniform(0.5, 0.9),
    exerciseStrategy: hypoProne ? 'none' : r.pick(['pattern', 'tempBasal', 'tempBasal'] as const),
    autoResumeMin: [r.int(10, 40), r.int(40, 180), r.int(180, 600)][level]!,
    announceMealProb: therapy === 'auto' ? r.uniform(0.1, 0.3) : 0,
    comboProb: r.uniform(0.2, 0.7),
    manualBolusProb: r.uniform(0.02, 0.12),
    fingerstickProb: [0.15, 0.08, 0.03][level]!,
    manualSuspendsPerWeek: r.uniform(0, 0.6),
    bedtimeMin: r.int(1320, 1410),
    wakeMin: r.int(375, 450),
  };
}

/** Mean, spread and limits of each settings-to-truth factor by level of control. */
const FACTORS = {
  basal: [
    [0.98, 0.04, 0.9, 1.06],
    [1.05, 0.05, 0.96, 1.15],
    [1.13, 0.06, 1.02, 1.28],
  ],
  carbRatio: [
    [1.02, 0.04, 0.94, 1.1],
    [0.93, 0.05, 0.85, 1.02],
    [0.83, 0.05, 0.74, 0.92],
  ],
  isf: [
    [1, 0.05, 0.9, 1.1],
    [0.96, 0.06, 0.85, 1.08],
    [0.92, 0.06, 0.8, 1.05],
  ],
} as const;

function physiology(r: Rng, control: Control, hypoProne: boolean): Physiology {
  const level = { good: 0, fair: 1, poor: 2 }[control];
  const draw = (f: readonly (readonly number[])[]) => {
    const [mean, sd, lo, hi] = f[level]!;
    return r.around(mean!, sd!, lo!, hi!);
  };
  return {
    // Poor control: under-basalised, meal boluses and corrections too small for the body.
    basalFactor: draw(FACTORS.basal),
    // Prone to lows: meal boluses a little stronger than the body needs.
    carbRatioFactor: draw(FACTORS.carbRatio) * (hypoProne ? 1.12 : 1),
    isfFactor: draw(FACTORS.isf),
    dawnRise: r.uniform(0.15, 0.45),
    glucoseEffectiveness: r.uniform(0.0008, 0.0014),
    restingGlucose: r.uniform(105, 135),
    daySpread: [0.12, 0.16, 0.2][level]!,
  };
}

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');

export function randomProfile(seed: number): PatientProfile {
  const r = new Rng(`patient:${seed}`);
  const control = (['good', 'fair', 'poor'] as const)[r.weighted([0.4, 0.35, 0.25])]!;
  const hypoProne = r.chance(control === 'poor' ? 0.2 : 0.3);
  const therapy = r.chance(0.55) ? 'auto' : 'manual';
  const target = ([100, 110, 120] as const)[r.weighted([0.3, 0.45, 0.25])] as AutoTarget;
  const weightKg = Math.round(r.around(76, 13, 48, 115));
  const tdd = weightKg * r.uniform(0.45, 0.8);
  const basalRate = (tdd * r.uniform(0.42, 0.5)) / 24;
  const isf = Math.max(15, Math.round(1800 / tdd));
  const carbRatio = Math.max(4, roundStep(500 / tdd, 0.5));
  const phys = physiology(r, control, hypoProne);
  const standard = standardPattern(basalRate, phys.dawnRise * { good: 0.9, fair: 0.6, poor: 0.3 }[control]);
  const bgLow = r.pick([90, 100, 100, 110]);
  return {
    seed,
    name: `${r.pick(FIRST_NAMES)} ${String.fromCharCode(65 + r.int(0, 25))}.`,
    control,
    hypoProne,
    weightKg,
    heightCm: Math.round(r.around(172, 10, 150, 198)),
    therapy,
    target,
    carbRatio: [
      { startMin: 0, value: roundStep(carbRatio * 0.85, 0.5) },
      { startMin: 660, value: carbRatio },
      { startMin: 1020, value: roundStep(carbRatio * 0.95, 0.5) },
    ],
    isf: [
      { startMin: 0, value: isf },
      { startMin: 360, value: Math.round(isf * 0.9) },
      { startMin: 1260, value: isf },
    ],
    bgTarget: [
      { startMin: 0, low: bgLow + 10, high: bgLow + 30 },
      { startMin: 360, low: bgLow, high: bgLow + 20 },
    ],
    activeInsulinHours: r.pick([3, 3.5, 4, 4, 5]),
    basalPatterns: patterns(standard),
    mealHabits: meals(r, control),
    exerciseDays: exercise(r),
    weekendProgram: r.chance(0.35),
    cycleProgram: r.chance(0.2),
    sickDaysPerYear: r.int(4, 14),
    holidayWeeksPerYear: r.int(1, 5),
    utcOffsetMin: r.pick(OFFSETS),
    serials: { transmitter: `TX${digits(r, 8)}`, pumpBase: `PB${digits(r, 8)}`, pdm: `PDM${digits(r, 8)}` },
    behaviour: behaviour(r, control, therapy, hypoProne),
    physiology: phys,
    reservoirFillUnits: Math.min(RESERVOIR_CAPACITY_U, Math.max(120, Math.ceil((tdd * 3.4 + 10) / 10) * 10)),
  };
}
