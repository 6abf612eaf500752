// The patient as an actor: follows the day's plan (meals and their boluses, snacks, exercise with
// a lower basal or an auto-mode exercise target, a manual suspend) and reacts to what happens:
// treats lows (woken by the alarm at night, or not), corrects highs, answers calibration requests
// with a fingerstick, replaces an expired sensor and changes the patch, before bed if it would
// expire in the night.

import type { PdmSettings } from '@cgm/contract';
import { MS_PER_MINUTE } from '@cgm/domain';
import { Agenda } from './agenda';
import type { SensorAlarm } from './codes';
import { correctionBolus, mealBolus, type DoseContext } from './meal-bolus';
import type { Patch } from './patch';
import type { Body } from './physiology';
import type { DayPlan, PlannedMeal } from './plan';
import type { PatientProfile } from './profile';
import type { Pump } from './pump';
import type { Rng } from './random';
import type { RecordSink } from './records';
import { dailyMean, minuteOfDay, roundStep, valueAt } from './segments';
import type { Cgm, Reading } from './sensor';

const MIN = MS_PER_MINUTE;

export interface Devices {
  body: Body;
  cgm: Cgm;
  pump: Pump;
  patch: Patch;
  sink: RecordSink;
}

export class Patient {
  private readonly agenda = new Agenda();
  private plan: DayPlan | null = null;
  private lastTreat = -Infinity;
  private lastBolus = -Infinity;
  private lastMeal = -Infinity;
  private calibrationPlanned = false;
  private sensorPlanned = false;
  private patchPlanned = false;
  private autoPlanned = false;

  constructor(
    private readonly profile: PatientProfile,
    private readonly settings: PdmSettings,
    private readonly d: Devices,
    private readonly rng: Rng,
  ) {}

  private awake(t: number): boolean {
    const m = minuteOfDay(t, this.profile.utcOffsetMin);
    return this.plan !== null && m >= this.plan.wakeMin && m < this.plan.bedMin;
  }

  /** Minutes until the patient is up (0 when awake). */
  private untilAwake(t: number): number {
    if (!this.plan || this.awake(t)) return 0;
    const m = minuteOfDay(t, this.profile.utcOffsetMin);
    return (this.plan.wakeMin - m + 1440) % 1440;
  }

  startDay(t: number, plan: DayPlan): void {
    this.plan = plan;
    this.d.pump.setPattern(plan.pattern);
    // Whatever was planned before the simulation started is not done.
    const at = (time: number, run: (t: number) => void) => {
      if (time >= t) this.agenda.add(time, run);
    };
    for (const meal of plan.meals) {
      if (meal.way !== 'none') at(meal.bolusTime, (now) => this.bolusFor(now, meal, 0));
      at(meal.time, (now) => this.eat(now, meal.carbs, meal.speed, meal));
    }
    for (const s of plan.snacks) at(s.time, (now) => this.eat(now, s.carbs, 'medium', null));
    if (plan.exercise) this.scheduleExercise(plan.exercise, at);
    if (plan.manualSuspend) {
      const { start, minutes } = plan.manualSuspend;
      at(start, (now) => this.d.pump.startSuspend(now, 'SUSM', now + minutes * MIN));
    }
    if (plan.sick) {
      at(plan.midnight + plan.wakeMin * MIN, (now) =>
        this.event(now, 'OTR', null, null, 'Sick day: more insulin, ketones checked'),
      );
    }
    // Before bed: change a patch that would expire in the night.
    at(plan.midnight + (plan.bedMin - 20) * MIN, (now) => {
      const expires = this.d.patch.expires;
      if (expires !== null && expires - now < (1440 - plan.bedMin + plan.wakeMin + 60) * MIN)
        this.changePatch(now);
    });
  }

  private scheduleExercise(
    e: NonNullable<DayPlan['exercise']>,
    at: (time: number, run: (t: number) => void) => void,
  ) {
    const { pump, body } = this.d;
    const end = e.start + e.minutes * MIN;
    if (this.profile.therapy === 'auto') {
      at(e.start - 30 * MIN, (now) => pump.announceExercise(now, true));
      at(end, (now) => pump.announceExercise(now, false));
    } else if (this.profile.behaviour.exerciseStrategy === 'tempBasal') {
      const percent = [70, 60, 50][e.intensity]!;
      at(e.start - 60 * MIN, (now) => pump.setTemp(now, 'BART', percent, 60 + e.minutes + 60));
      if (e.intensity === 2 && this.rng.chance(0.5)) {
        const night = (now: number) =>
          pump.setTemp(now, 'BAAT', roundStep(pump.patternRate(now) * 0.8, 0.05), 360);
        at(end + 4 * 60 * MIN, night);
      }
    }
    at(e.start - 15 * MIN, (now) => {
      const sg = this.d.cgm.latest;
      if (sg && sg.value < 130) this.eat(now, this.rng.int(15, 25), 'fast', null);
    });
    at(e.start, (now) => {
      body.setExercise(e.intensity);
      this.event(now, 'EXR', e.minutes, { exerciseIntensity: e.intensity }, null);
    });
    at(end, () => body.setExercise(null));
  }

  tick(t: number, reading: Reading | null, alarms: readonly SensorAlarm[]): void {
    this.agenda.runDue(t);
    const { body, cgm, patch } = this.d;
    const awake = this.awake(t);
    const b = this.profile.behaviour;
    const urgent = alarms.includes('urgentLow');
    const lowAlarm = urgent || (alarms.includes('low') && !this.rng.chance(b.ignoreLowAlertProb));
    const woken = lowAlarm && !awake && this.rng.chance(b.nightAlarmWakeProb);
    // Symptoms come on below 60 mg/dL (noticed within minutes awake; asleep, rarely).
    const feelsLow = body.glucose < 60 && this.rng.chance(awake ? 0.1 : body.glucose < 50 ? 0.02 : 0);
    if ((lowAlarm && (awake || woken)) || feelsLow) this.treatLow(t);
    if (awake && reading && t % (60 * MIN) === 0) this.maybeCorrect(t, reading);
    if (cgm.calibrationNeededSince !== null && !this.calibrationPlanned) {
      this.calibrationPlanned = true;
      this.later(t, this.reactionDelay(t, 5, 30, 0.3), (now) => this.calibrate(now));
    }
    if (cgm.session === null && !this.sensorPlanned) {
      this.sensorPlanned = true;
      this.later(t, this.reactionDelay(t, 10, 45, 0), (now) => {
        this.sensorPlanned = false;
        cgm.insert(now);
      });
    }
    if (this.settings.auto_mode.enabled && !this.d.pump.autoOn && !this.autoPlanned) {
      this.autoPlanned = true;
      const typical = this.profile.behaviour.autoResumeMin;
      this.later(t, this.reactionDelay(t, typical / 2, typical * 1.5, 0), () => {
        this.autoPlanned = false;
        this.d.pump.autoOn = true;
      });
    }
    const reservoirLow = patch.reservoir !== null && patch.reservoir <= this.settings.low_reservoir.units;
    const expiring = (patch.expires !== null && t >= patch.expires - 60 * MIN) || reservoirLow;
    if ((patch.current === null && patch.setupStart === null) || (expiring && awake)) {
      if (!this.patchPlanned) {
        this.patchPlanned = true;
        const delay = expiring ? this.rng.int(0, 50) : this.reactionDelay(t, 5, 30, 0.9);
        this.later(t, delay, (now) => this.changePatch(now));
      }
    }
  }

  /** Minutes before the patient acts: a few when awake, after waking (or woken by the alarm) when asleep. */
  private reactionDelay(t: number, lo: number, hi: number, wakeProb: number): number {
    const sleep = this.untilAwake(t);
    const delay = Math.round(this.rng.uniform(lo, hi));
    return sleep === 0 || this.rng.chance(wakeProb) ? delay : sleep + delay;
  }

  private later(t: number, minutes: number, run: (t: number) => void): void {
    this.agenda.add(t + minutes * MIN, run);
  }

  private changePatch(t: number): void {
    this.patchPlanned = false;
    this.d.patch.change(t);
  }

  private treatLow(t: number): void {
    if (t - this.lastTreat < 15 * MIN) return;
    this.lastTreat = t;
    const b = this.profile.behaviour;
    const grams = b.hypoTreatGrams * (this.rng.chance(b.overtreatProb) ? 2 : 1);
    this.d.body.eat(grams, 'fast');
    if (this.rng.chance(0.5)) this.event(t, 'CARB', grams, { reason: 'low' }, 'Low treated');
  }

  private maybeCorrect(t: number, reading: Reading): void {
    const b = this.profile.behaviour;
    const wait = b.stacksCorrections ? 90 : 150;
    if (reading.value <= 250 || t - reading.time > 10 * MIN) return;
    if (t - this.lastBolus < wait * MIN || t - this.lastMeal < 90 * MIN) return;
    if (!this.rng.chance(b.correctsHighProb * (this.d.pump.auto ? 0.4 : 1))) return;
    const req = correctionBolus(this.doseContext(t, reading.value), b.stacksCorrections);
    if (req && this.d.pump.bolus(t, req)) this.lastBolus = t;
  }

  private fingerstick(t: number): number {
    const meter = Math.round(this.d.body.glucose * this.rng.factor(0.05));
    this.d.sink.emit('pdm', { type: 'bg', time: t, mgdl: Math.min(600, Math.max(20, meter)) });
    return meter;
  }

  private calibrate(t: number): void {
    this.calibrationPlanned = false;
    if (this.d.cgm.calibrationNeededSince === null) return;
    this.d.cgm.calibrate(t, this.fingerstick(t));
  }

  private doseContext(t: number, bg: number | null): DoseContext {
    const m = minuteOfDay(t, this.profile.utcOffsetMin);
    return {
      profile: this.profile,
      settings: this.settings,
      rng: this.rng,
      minuteOfDay: m,
      bg,
      iob: this.d.pump.iob,
    };
  }

  private bolusFor(t: number, meal: PlannedMeal, attempt: number): void {
    const { pump, cgm } = this.d;
    const sg = cgm.latest && t - cgm.latest.time <= 10 * MIN ? cgm.latest.value : null;
    const bg = meal.fingerstick ? this.fingerstick(t) : sg;
    if (meal.way === 'announce' && pump.announceMeal(t, meal.meal, meal.estimate)) {
      this.lastBolus = t;
      return;
    }
    const req = mealBolus(meal, this.doseContext(t, bg), meal.way === 'manual' ? 'manual' : 'wizard');
    if (!req) return;
    if (pump.bolus(t, req)) {
      this.lastBolus = t;
      if (meal.way === 'manual' && this.rng.chance(0.5))
        this.event(t, 'CARB', meal.estimate, { meal: meal.meal }, null);
    } else if (attempt === 0) {
      this.later(t, 15, (now) => this.bolusFor(now, meal, 1));
    }
  }

  private eat(t: number, grams: number, speed: 'fast' | 'medium' | 'slow', meal: PlannedMeal | null): void {
    // The true carbohydrate effect follows the time-of-day ratios (breakfast needs more insulin).
    const m = minuteOfDay(t, this.profile.utcOffsetMin);
    const mean = dailyMean(this.profile.carbRatio);
    this.d.body.eat((grams * mean) / valueAt(this.profile.carbRatio, m), speed);
    if (meal) this.lastMeal = t;
  }

  private event(
    t: number,
    type: string,
    value: number | null,
    details: Record<string, unknown> | null,
    notes: string | null,
  ): void {
    this.d.sink.emit('pdm', { type: 'event', time: t, event_type: type, value, details, notes });
  }
}
