// The virtual patient's body: a compact glucose–insulin model integrated at 1-minute steps.
//
// It is the Bergman minimal model (Bergman et al., Am J Physiol 1979;236:E667) written in the
// clinical units a pump uses, as simulators for bolus calculators do:
//   dG/dt = SG·(G0 − G) + ISF·(need(t) − S·A(t)) + CSF·Ra(t) − U_ex(t) − renal(G) + counter(G)
// - A(t): insulin action (U/min), subcutaneous insulin through a chain of three compartments with
//   time constant τ: the action of a dose peaks at 2τ (75 min) and is 99 % done by ~8.4τ (~5 h),
//   the curves of rapid-acting analogues.
// - need(t): the endogenous glucose production expressed as the insulin that would balance it
//   (the true basal requirement), with the dawn rise 04:00–08:00 and a slow random drift.
// - Ra(t): carbohydrate appearance through two gut compartments (Hovorka et al., Physiol Meas
//   2004;25:905), fast, medium or slow by meal.
// - S: insulin sensitivity multiplier (day-to-day variation, exercise during and after).
// - renal(G): renal excretion above 162 mg/dL (Hovorka's 9 mmol/L threshold); counter(G): a weak
//   counter-regulatory response below 70 mg/dL (blunted in type 1 diabetes).
import type { Rng } from './random';

export type CarbSpeed = 'fast' | 'medium' | 'slow';
const CARB_TAU_MIN: Record<CarbSpeed, number> = { fast: 15, medium: 35, slow: 70 };
const SPEEDS: readonly CarbSpeed[] = ['fast', 'medium', 'slow'];

/** Glucose lowering of exercise (mg/dL/min) and the insulin sensitivity added while it lasts. */
const EXERCISE_UPTAKE = [0.35, 0.7, 1.1] as const;
const EXERCISE_SENSITIVITY = [0.2, 0.45, 0.7] as const;
/** Sensitivity left after an hour of exercise, decaying with a 5-hour time constant. */
const EXERCISE_AFTER = [0.12, 0.22, 0.32] as const;
const AFTER_TAU_MIN = 300;

export interface BodyParams {
  /** True insulin sensitivity, mg/dL per U. */
  isf: number;
  /** True carbohydrate effect, mg/dL per g (ISF / true carbohydrate ratio). */
  csf: number;
  /** Glucose effectiveness SG, per minute. */
  glucoseEffectiveness: number;
  /** G0: where glucose settles when insulin exactly balances production, mg/dL. */
  restingGlucose: number;
  /** Time constant of each insulin compartment, minutes (action peak at 2τ). */
  insulinTauMin: number;
}

export class Body {
  glucose: number;
  private readonly insulin = [0, 0, 0];
  private readonly gut = new Float64Array(6);
  private exerciseIntensity = -1;
  private exerciseMinutes = 0;
  private after = 0;
  private drift = 0;

  constructor(
    private readonly p: BodyParams,
    private readonly rng: Rng,
    /** Basal requirement (U/min) at which the body starts in balance. */
    initialNeed: number,
  ) {
    this.glucose = p.restingGlucose;
    // Start with the compartments at the steady state of that basal delivery (as stepped below:
    // the minute's insulin is injected before the step).
    const tau = p.insulinTauMin;
    this.insulin[0] = initialNeed * (tau - 1);
    this.insulin[1] = this.insulin[2] = initialNeed * tau;
  }

  eat(grams: number, speed: CarbSpeed): void {
    const i = SPEEDS.indexOf(speed) * 2;
    this.gut[i] = this.gut[i]! + grams;
  }

  /** Insulin reaching the subcutaneous depot, U. */
  inject(units: number): void {
    this.insulin[0]! += units;
  }

  /** Intensity 0–2 while exercising, null when not. */
  setExercise(intensity: 0 | 1 | 2 | null): void {
    if (intensity === null && this.exerciseIntensity >= 0) {
      this.after +=
        EXERCISE_AFTER[this.exerciseIntensity as 0 | 1 | 2] * Math.min(2, this.exerciseMinutes / 60);
    }
    this.exerciseIntensity = intensity ?? -1;
    this.exerciseMinutes = 0;
  }

  get exercising(): boolean {
    return this.exerciseIntensity >= 0;
  }

  /** Insulin not yet acted (U): what the depot and the chain still hold. */
  get insulinOnBoard(): number {
    return this.insulin[0]! + this.insulin[1]! + this.insulin[2]!;
  }

  /** Carbohydrate not yet absorbed, g. */
  get carbsOnBoard(): number {
    let g = 0;
    for (let i = 0; i < 6; i++) g += this.gut[i]!;
    return g;
  }

  /**
   * One minute. `need` is the true basal requirement (U/min) at this time of day, `sensitivity`
   * the day's insulin sensitivity multiplier (1 on an ordinary day).
   */
  step(need: number, sensitivity: number): number {
    const p = this.p;
    const tau = p.insulinTauMin;
    const i0 = this.insulin[0]!;
    const i1 = this.insulin[1]!;
    const i2 = this.insulin[2]!;
    const action = i2 / tau;
    this.insulin[0] = i0 - i0 / tau;
    this.insulin[1] = i1 + (i0 - i1) / tau;
    this.insulin[2] = i2 + (i1 - i2) / tau;

    let ra = 0;
    for (let s = 0; s < 3; s++) {
      const k = 1 / CARB_TAU_MIN[SPEEDS[s]!];
      const q1 = this.gut[2 * s]!;
      const q2 = this.gut[2 * s + 1]!;
      ra += q2 * k;
      this.gut[2 * s] = q1 - q1 * k;
      this.gut[2 * s + 1] = q2 + (q1 - q2) * k;
    }

    // Production drifts slowly around its mean (AR(1), ~2 h correlation, ~20 % spread).
    this.drift = this.drift * (1 - 1 / 120) + this.rng.normal(0, 0.2 * Math.sqrt(2 / 120));
    let s = sensitivity * (1 + this.after);
    let uptake = 0;
    if (this.exerciseIntensity >= 0) {
      const i = this.exerciseIntensity as 0 | 1 | 2;
      s += EXERCISE_SENSITIVITY[i];
      uptake = EXERCISE_UPTAKE[i];
      this.exerciseMinutes++;
    }
    this.after -= this.after / AFTER_TAU_MIN;

    const g = this.glucose;
    let dg =
      p.glucoseEffectiveness * (p.restingGlucose - g) +
      p.isf * (need * (1 + this.drift) - s * action) +
      p.csf * ra -
      uptake;
    if (g > 162) dg -= 0.003 * (g - 162);
    if (g < 70) dg += 0.01 * (70 - g);
    this.glucose = Math.min(600, Math.max(20, g + dg));
    return this.glucose;
  }
}
