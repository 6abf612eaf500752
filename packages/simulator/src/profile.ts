// Who the virtual patient is: the pump settings they wear (basal patterns, ratios, targets), their
// habits (meals, exercise, how carefully they bolus) and their hidden physiology (how far the
// settings are from what the body really needs). The gap between settings and truth, and the
// habits, are what make one patient well controlled and another not.

import type { AutoTarget, MealName, PatternName } from './codes';
import type { Segment } from './segments';

export type Therapy = 'auto' | 'manual';
export type Control = 'good' | 'fair' | 'poor';
export type Intensity = 0 | 1 | 2;

/**
 * Time in range (70–180 mg/dL, %) each level of control aims at, by therapy: auto mode adds about
 * ten to twenty points, as hybrid closed loops do in trials.
 */
export const CONTROL_INTENT: Record<Control, Record<Therapy, { tirMin: number; tirMax: number }>> = {
  good: { manual: { tirMin: 60, tirMax: 90 }, auto: { tirMin: 75, tirMax: 95 } },
  fair: { manual: { tirMin: 42, tirMax: 75 }, auto: { tirMin: 62, tirMax: 90 } },
  poor: { manual: { tirMin: 28, tirMax: 60 }, auto: { tirMin: 50, tirMax: 80 } },
};

export function tirIntent(profile: Pick<PatientProfile, 'control' | 'therapy'>): {
  tirMin: number;
  tirMax: number;
} {
  return CONTROL_INTENT[profile.control][profile.therapy];
}

export interface BgTargetSegment {
  startMin: number;
  low: number;
  high: number;
}

export interface MealHabit {
  meal: MealName;
  /** Habitual local time, minutes after midnight, and its day-to-day spread. */
  timeMin: number;
  timeSdMin: number;
  /** Typical carbohydrate, g, and its spread (log scale). */
  carbs: number;
  carbsSpread: number;
  /** Chance the meal is skipped on a given day. */
  skipProb: number;
  /** Chance the meal is rich in fat and protein (slow absorption, combo bolus candidates). */
  slowProb: number;
}

export interface ExerciseHabit {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  startMin: number;
  durationMin: number;
  intensity: Intensity;
}

export interface Behaviour {
  /** Log-scale spread of the carbohydrate estimate (0.15 careful … 0.4 rough). */
  carbCountSpread: number;
  missedBolusProb: number;
  lateBolusProb: number;
  /** Minutes the meal bolus usually comes before eating. */
  preBolusMin: number;
  /** Unbolused snacks per day on average. */
  snacksPerDay: number;
  /** Chance per hour of correcting a glucose above 250 while awake. */
  correctsHighProb: number;
  /** Corrects by hand, sooner and without counting insulin on board (stacking: lows follow). */
  stacksCorrections: boolean;
  /** Chance a low alert (not an urgent one) is put off until it repeats. */
  ignoreLowAlertProb: number;
  /** Carbohydrate taken for a low, g, and the chance of taking twice as much. */
  hypoTreatGrams: number;
  overtreatProb: number;
  /** Chance a low alarm at night wakes the patient. */
  nightAlarmWakeProb: number;
  /** Manual therapy: lower basal for exercise by the exercise pattern or a temporary basal. */
  exerciseStrategy: 'pattern' | 'tempBasal' | 'none';
  /** Auto mode: minutes (typical) before switching it on again after an exit. */
  autoResumeMin: number;
  /** Auto mode: chance a meal is announced to the algorithm instead of a wizard bolus. */
  announceMealProb: number;
  /** Chance a fatty meal gets a combo (or extended) bolus instead of a normal one. */
  comboProb: number;
  /** Chance a bolus is given on the PDM without the wizard (NB) instead of through it. */
  manualBolusProb: number;
  /** Fingerstick checks before meals, chance per meal. */
  fingerstickProb: number;
  manualSuspendsPerWeek: number;
  bedtimeMin: number;
  wakeMin: number;
}

export interface Physiology {
  /** True sensitivity ÷ the ISF setting (>1: the settings under-dose corrections). */
  isfFactor: number;
  /** True carbohydrate ratio ÷ the setting (>1: meal boluses are too large). */
  carbRatioFactor: number;
  /** True basal requirement ÷ the standard pattern (>1: under-basalised). */
  basalFactor: number;
  /** Extra requirement at the dawn peak (06:30), fraction of the basal rate. */
  dawnRise: number;
  glucoseEffectiveness: number;
  restingGlucose: number;
  /** Log-scale day-to-day spread of insulin sensitivity. */
  daySpread: number;
}

export interface Serials {
  transmitter: string;
  pumpBase: string;
  pdm: string;
}

export interface PatientProfile {
  seed: number;
  name: string;
  control: Control;
  /** Prone to lows (settings or habits that over-deliver insulin). */
  hypoProne: boolean;
  weightKg: number;
  heightCm: number;
  therapy: Therapy;
  /** Auto mode target SG, mg/dL. */
  target: AutoTarget;
  /** Settings: carbohydrate ratio (g/U) and sensitivity (mg/dL per U) by time of day. */
  carbRatio: Segment[];
  isf: Segment[];
  bgTarget: BgTargetSegment[];
  activeInsulinHours: number;
  /** Settings: the 24-hour basal patterns, U/h. */
  basalPatterns: Record<PatternName, Segment[]>;
  mealHabits: MealHabit[];
  exerciseDays: ExerciseHabit[];
  /** Program A on weekends; program B in the premenstrual week. */
  weekendProgram: boolean;
  cycleProgram: boolean;
  sickDaysPerYear: number;
  holidayWeeksPerYear: number;
  utcOffsetMin: number;
  serials: Serials;
  behaviour: Behaviour;
  physiology: Physiology;
  /** Units put into each new patch (the reservoir holds 200 U). */
  reservoirFillUnits: number;
}

export const RESERVOIR_CAPACITY_U = 200;
