// The simulation loop: one minute at a time, the day's plan, the sensor's reading and alerts, the
// patient's actions, the patch and the pump's delivery, then the body. The model starts a run-in
// (12 hours by default) before the first visible minute, so insulin on board, meals and auto mode
// are already under way when the history begins; records of the run-in are not kept. Nothing here
// reads the clock: time is whatever `advanceTo` is given.

import type { DeviceRecord, PdmSettings } from '@cgm/contract';
import { localDayNumber, MS_PER_DAY, MS_PER_MINUTE } from '@cgm/domain';
import { GlucoseAlerts } from './alerts';
import { PATCH_LIFE_HOURS, Patch } from './patch';
import { Patient } from './patient';
import { pdmSettingsOf } from './pdm-settings';
import { Body } from './physiology';
import type { DayPlan } from './plan';
import { planDay } from './plan';
import type { PatientProfile } from './profile';
import { Pump } from './pump';
import { pumpStatusDue, writePumpStatus } from './pump-status';
import { dawnShape } from './random-profile';
import { Rng } from './random';
import { RecordSink } from './records';
import { dailyMean, minuteOfDay, valueAt } from './segments';
import { Cgm } from './sensor';

export interface VirtualPatientOptions {
  /** The first visible minute, epoch ms UTC (rounded up to a whole minute). */
  from: number;
  /** Minutes the model runs before `from` without keeping records; default 720. */
  runInMinutes?: number;
  /**
   * Longest signal-loss gap of the sensor, minutes; unlimited (up to 150) by default. A patient
   * watched live, like the demo's, keeps short gaps: a sensor that shows "signal lost" for two
   * hours looks like a portal that stopped.
   */
  maxSignalLossMin?: number;
}

/** True basal requirement per minute of the day, U/min: the standard pattern's mean, the dawn rise. */
function trueNeed(profile: PatientProfile): Float64Array {
  const p = profile.physiology;
  const mean = dailyMean(profile.basalPatterns.standard) * p.basalFactor;
  let shapeSum = 0;
  for (let m = 0; m < 1440; m++) shapeSum += dawnShape(m);
  const norm = 1 + (p.dawnRise * shapeSum) / 1440;
  const need = new Float64Array(1440);
  for (let m = 0; m < 1440; m++) need[m] = (mean * (1 + p.dawnRise * dawnShape(m))) / norm / 60;
  return need;
}

export class VirtualPatient {
  readonly settings: PdmSettings;
  /** The next minute to simulate. */
  time: number;
  readonly from: number;
  private readonly sink: RecordSink;
  private readonly body: Body;
  private readonly cgm: Cgm;
  private readonly pump: Pump;
  private readonly patch: Patch;
  private readonly patient: Patient;
  private readonly alerts: GlucoseAlerts;
  private readonly need: Float64Array;
  private plan: DayPlan | null = null;

  constructor(
    readonly profile: PatientProfile,
    options: VirtualPatientOptions,
  ) {
    this.from = Math.ceil(options.from / MS_PER_MINUTE) * MS_PER_MINUTE;
    const origin = this.from - (options.runInMinutes ?? 720) * MS_PER_MINUTE;
    this.time = origin;
    this.settings = pdmSettingsOf(profile);
    const root = new Rng(`simulation:${profile.seed}:${origin}`);
    const p = profile.physiology;
    const isf = dailyMean(profile.isf) * p.isfFactor;
    this.need = trueNeed(profile);
    this.sink = new RecordSink(profile.serials, profile.utcOffsetMin, this.from);
    this.sink.now = origin;
    const body = (this.body = new Body(
      {
        isf,
        csf: isf / (dailyMean(profile.carbRatio) * p.carbRatioFactor),
        glucoseEffectiveness: p.glucoseEffectiveness,
        restingGlucose: p.restingGlucose,
        insulinTauMin: 37.5,
      },
      root.fork('body'),
      valueAt(profile.basalPatterns.standard, minuteOfDay(origin, profile.utcOffsetMin)) / 60,
    ));
    this.cgm = new Cgm(
      root.fork('sensor'),
      this.sink,
      profile.serials.pdm,
      profile.utcOffsetMin,
      body.glucose,
      options.maxSignalLossMin,
    );
    this.pump = new Pump(profile, this.settings, this.sink);
    this.patch = new Patch(profile, this.pump, this.sink, root.fork('patch'));
    this.patch.onState = (t) => writePumpStatus(t, this.pump, this.patch, this.sink);
    this.alerts = new GlucoseAlerts(this.settings);
    const devices = { body, cgm: this.cgm, pump: this.pump, patch: this.patch, sink: this.sink };
    this.patient = new Patient(profile, this.settings, devices, root.fork('patient'));
    const start = root.fork('start');
    this.cgm.insert(origin, Math.round(start.uniform(0.5, 13.8) * 24 * 60));
    this.patch.startInitial(origin, Math.round(start.uniform(0, PATCH_LIFE_HOURS - 8) * 60));
  }

  /** True plasma glucose now (what the sensor follows), mg/dL. */
  get glucose(): number {
    return this.body.glucose;
  }

  /** Simulates every minute before `end` and returns the records written meanwhile. */
  advanceTo(end: number): DeviceRecord[] {
    while (this.time < end) {
      this.step(this.time);
      this.time += MS_PER_MINUTE;
    }
    return this.sink.drain();
  }

  private step(t: number): void {
    const profile = this.profile;
    this.sink.now = t;
    if (t === this.from) {
      this.cgm.snapshot(t);
      this.patch.snapshot(t);
      this.pump.split(t);
      writePumpStatus(t, this.pump, this.patch, this.sink);
      // The PDM reports its settings when it starts reporting (and would again on each change).
      this.sink.emit('pdm', { type: 'pdm_settings', time: t, settings: this.settings });
    }
    const day = localDayNumber(t, profile.utcOffsetMin);
    if (!this.plan || this.plan.day !== day) {
      const midnight = day * MS_PER_DAY - profile.utcOffsetMin * MS_PER_MINUTE;
      this.plan = planDay(profile, day, midnight);
      this.patient.startDay(t, this.plan);
    }
    const reading = this.cgm.tick(t, this.body.glucose);
    if (reading === null && this.cgm.latest === null) this.alerts.reset();
    const alarms = reading ? this.alerts.check(reading) : [];
    for (const code of alarms) this.cgm.alarm(t, code);
    this.patient.tick(t, reading, alarms);
    this.patch.check(t);
    const absorption = this.patch.absorption(t);
    const given = this.patch.draw(t, this.pump.deliver(t, this.cgm.latest));
    if (pumpStatusDue(t, this.pump)) writePumpStatus(t, this.pump, this.patch, this.sink);
    this.body.inject(given * absorption);
    const m = minuteOfDay(t, profile.utcOffsetMin);
    this.body.step(this.need[m]! * this.plan.needFactor, this.plan.sensitivity);
  }
}

/** A virtual patient whose visible history starts at `options.from`. */
export function createVirtualPatient(
  profile: PatientProfile,
  options: VirtualPatientOptions,
): VirtualPatient {
  return new VirtualPatient(profile, options);
}
