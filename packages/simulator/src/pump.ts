// The patch pump: basal patterns and temporary basal in pulses of 0.05 U, boluses (normal,
// extended, combo), auto mode with its 6-minute micro-deliveries, suspends (manual, low suspend,
// predictive low suspend), and insulin on board (iob.ts). The patch itself (3-day life, reservoir, battery,
// faults, changes) is in patch.ts; status records in pump-status.ts.

import type { PdmSettings } from '@cgm/contract';
import { AUTO_SAMPLE_MINUTES, INSULIN_STEP_U, MS_PER_MINUTE } from '@cgm/domain';
import { autoWant, FOOD_CAP_U, MicroDoser, units } from './auto-mode';
import { BasalRows } from './basal-rows';
import { DeliveryStatus, type ExtendedProgress } from './delivery-status';
import { ExtendedBoluses } from './extended-boluses';
import { InsulinOnBoard } from './iob';
import type { BolusCode, MealName, PatternName, PumpAlarm, SuspendCode, TempBasalCode } from './codes';
import { MEAL_ANNOUNCE_CODE, MEAL_ANNOUNCE_EVENT, patternCode } from './codes';
import type { PatientProfile } from './profile';
import type { RecordSink } from './records';
import { minuteOfDay, valueAt } from './segments';
import type { Reading } from './sensor';
import type { BolusDetails } from './wizard';

const SAMPLE_MS = AUTO_SAMPLE_MINUTES * MS_PER_MINUTE;
const ROW_SPLIT_MS = 30 * MS_PER_MINUTE;
const MIN = MS_PER_MINUTE;
const EXERCISE_TARGET = 150;

export interface BolusRequest {
  code: BolusCode;
  /** Units given now (the normal part). */
  now: number;
  extended?: number;
  extendedMin?: number;
  details?: BolusDetails | null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export class Pump {
  pattern: PatternName = 'standard';
  temp: { code: TempBasalCode; percent: number | null; rate: number | null; end: number } | null = null;
  suspend: { code: SuspendCode; start: number; until: number | null } | null = null;
  auto: { since: number; exercise: boolean; foodDoses: number; rate: number } | null = null;
  lastBolus: { time: number; code: string; delivered: number } | null = null;
  /** Whether the patch can deliver (set by the patch lifecycle). */
  delivering = false;
  /**
   * Auto mode is switched on (PDM setting) and the patient has not been thrown out of it: after an
   * exit for lost sensor data the patient switches it on again, sooner or later.
   */
  autoOn: boolean;
  dirty = true;
  bolusMinute = -1;
  readonly rows: BasalRows;
  /** The pump status's delivery fields (basal today, the latest bolus and what remains of it). */
  readonly delivery: DeliveryStatus;
  private readonly extended: ExtendedBoluses;
  private basalCarry = 0;
  private readonly basalDoser = new MicroDoser();
  private readonly corrDoser = new MicroDoser();
  private readonly onBoard: InsulinOnBoard;
  private bolusNow = 0;
  private sgSince: number | null = null;
  private lockoutUntil = 0;
  private headingLow = false;

  constructor(
    private readonly profile: PatientProfile,
    readonly settings: PdmSettings,
    private readonly sink: RecordSink,
  ) {
    this.rows = new BasalRows(sink);
    this.delivery = new DeliveryStatus(profile.utcOffsetMin);
    this.extended = new ExtendedBoluses(sink);
    this.onBoard = new InsulinOnBoard(settings.bolus.active_insulin_time_h);
    this.autoOn = settings.auto_mode.enabled;
  }

  get iob(): number {
    return this.onBoard.units;
  }

  get hasExtended(): boolean {
    return this.extended.running;
  }

  extendedProgress(t: number): ExtendedProgress | null {
    return this.extended.progress(t);
  }

  patternRate(t: number): number {
    return valueAt(this.profile.basalPatterns[this.pattern], minuteOfDay(t, this.profile.utcOffsetMin));
  }

  /** The rate the pump runs outside auto mode, U/h. */
  manualRate(t: number): number {
    const base = this.patternRate(t);
    if (!this.temp) return base;
    if (this.temp.rate !== null) return this.temp.rate;
    return Math.round((base * (this.temp.percent ?? 100)) / 100 / INSULIN_STEP_U) * INSULIN_STEP_U;
  }

  /** One minute of delivery; returns the units that reached the body. */
  deliver(t: number, sg: Reading | null): number {
    this.trackSensor(t, sg);
    if (!this.delivering) {
      this.bolusNow = 0;
      return 0;
    }
    if (this.auto) {
      if (t % SAMPLE_MS === 0 && (!sg || t - sg.time > 20 * MIN)) this.exitAuto(t, true);
    } else {
      this.checkSuspends(t, sg);
      const ready = this.sgSince !== null && t - this.sgSince >= 30 * MIN;
      if (this.autoOn && !this.suspend && ready && t % SAMPLE_MS === 0) this.enterAuto(t);
    }
    let total = this.bolusNow;
    let toIob = this.bolusNow;
    this.bolusNow = 0;
    if (!this.suspend) {
      if (this.auto) {
        if (t % SAMPLE_MS === 0 && sg) {
          const d = this.autoSample(t, sg);
          total += d.basal + d.bolus;
          toIob += d.bolus;
          this.delivery.basal(t, d.basal);
        }
      } else {
        const basal = this.manualBasal(t);
        total += basal;
        this.delivery.basal(t, basal);
      }
      const ext = this.extended.step(t);
      total += ext;
      toIob += ext;
    }
    this.onBoard.step(toIob);
    return total;
  }

  /** Continuous calibrated readings since when (auto mode needs 30 minutes of them). */
  private trackSensor(t: number, sg: Reading | null): void {
    const recent = sg !== null && t - sg.time <= 4 * MIN && sg.quality !== 'NC';
    if (recent) this.sgSince ??= sg.time;
    else if (!sg || t - sg.time > 10 * MIN || sg.quality === 'NC') this.sgSince = null;
  }

  private manualBasal(t: number): number {
    if (this.temp && t >= this.temp.end) {
      this.temp = null;
      this.dirty = true;
    }
    const rate = this.manualRate(t);
    const code = this.temp ? this.temp.code : patternCode(this.pattern);
    if (
      this.rows.code !== code ||
      this.rows.rate !== rate ||
      (t % ROW_SPLIT_MS === 0 && this.rows.start !== t)
    ) {
      if (this.rows.rate !== rate) this.dirty = true;
      this.rows.open(t, code, rate);
    }
    this.basalCarry += rate / 60;
    const n = Math.floor(this.basalCarry / INSULIN_STEP_U + 1e-9);
    this.basalCarry -= n * INSULIN_STEP_U;
    this.rows.addPulses(n);
    return n * INSULIN_STEP_U;
  }

  private autoSample(t: number, sg: Reading): { basal: number; bolus: number } {
    const a = this.auto!;
    const m = minuteOfDay(t, this.profile.utcOffsetMin);
    const want = autoWant({
      sg: sg.value,
      slope: sg.slope ?? 0,
      iob: this.iob,
      basalRate: this.patternRate(t),
      isf: valueAt(this.profile.isf, m),
      target: a.exercise ? EXERCISE_TARGET : this.settings.auto_mode.target_mgdl,
    });
    const nb = this.basalDoser.doses(want.basal);
    const nc = this.corrDoser.doses(want.correction);
    const nf = Math.min(a.foodDoses, Math.round(FOOD_CAP_U / INSULIN_STEP_U));
    a.foodDoses -= nf;
    a.rate = Number((nb * INSULIN_STEP_U * 10).toFixed(2));
    const parts = {
      auto_basal_delivery: units(nb),
      auto_corr_delivery: units(nc),
      auto_food_delivery: units(nf),
    };
    this.rows.open(t, 'BAAM', a.rate, parts, nb);
    return { basal: units(nb), bolus: units(nc + nf) };
  }

  enterAuto(t: number): void {
    this.rows.close(t);
    this.temp = null;
    this.rows.marker(t, 'BAAMS');
    this.rows.marker(t, `BAAMTarget${this.settings.auto_mode.target_mgdl}`);
    this.auto = { since: t, exercise: false, foodDoses: 0, rate: 0 };
    this.basalDoser.reset();
    this.corrDoser.reset();
    this.dirty = true;
  }

  exitAuto(t: number, sensorLost: boolean): void {
    if (!this.auto) return;
    this.rows.close(t);
    this.rows.marker(t, 'BAAME');
    if (sensorLost) {
      this.alarm(t, 'autoModeExit');
      this.autoOn = false;
    }
    this.auto = null;
    this.dirty = true;
  }

  private checkSuspends(t: number, sg: Reading | null): void {
    const s = this.suspend;
    const fresh = sg !== null && t - sg.time <= 6 * MIN ? sg : null;
    if (s) {
      if (s.code === 'SUSM') {
        if (s.until !== null && t >= s.until) this.resume(t);
        return;
      }
      const limit =
        s.code === 'SUSLSG' ? this.settings.low_suspend.mgdl : this.settings.predictive_low_suspend.mgdl;
      const elapsed = t - s.start;
      const recovered =
        fresh !== null && fresh.value >= limit + 20 && fresh.value + 30 * (fresh.slope ?? 0) >= limit + 30;
      if (elapsed >= 120 * MIN || (elapsed >= 30 * MIN && recovered)) this.resume(t);
      return;
    }
    if (t < this.lockoutUntil || !fresh || fresh.time !== t) return;
    const lgs = this.settings.low_suspend;
    const plgs = this.settings.predictive_low_suspend;
    const heading =
      fresh.slope !== null &&
      fresh.slope < -0.5 &&
      fresh.value <= plgs.mgdl + 30 &&
      fresh.value + 30 * fresh.slope <= plgs.mgdl;
    // The prediction has to hold on two readings in a row (one noisy reading does not suspend).
    const predicted = heading && this.headingLow;
    this.headingLow = heading;
    if (lgs.enabled && fresh.value <= lgs.mgdl) {
      this.startSuspend(t, 'SUSLSG', null);
      this.alarm(t, 'lowSuspend');
    } else if (plgs.enabled && predicted) {
      this.startSuspend(t, 'SUSPLSG', null);
      this.alarm(t, 'predictiveLowSuspend');
    }
  }

  startSuspend(t: number, code: SuspendCode, until: number | null): void {
    if (!this.delivering || this.suspend) return;
    this.exitAuto(t, false);
    this.extended.cancel(t);
    this.rows.open(t, code, 0);
    this.suspend = { code, start: t, until };
    this.dirty = true;
  }

  resume(t: number): void {
    if (!this.suspend) return;
    this.rows.close(t);
    this.suspend = null;
    this.lockoutUntil = t + 30 * MIN;
    this.dirty = true;
  }

  setTemp(t: number, code: TempBasalCode, value: number, minutes: number): boolean {
    if (!this.delivering || this.auto || this.suspend) return false;
    this.temp = {
      code,
      percent: code === 'BART' ? value : null,
      rate: code === 'BAAT' ? value : null,
      end: t + minutes * MIN,
    };
    this.dirty = true;
    return true;
  }

  setPattern(name: PatternName): void {
    if (name !== this.pattern) this.dirty = true;
    this.pattern = name;
  }

  bolus(t: number, req: BolusRequest): boolean {
    if (!this.delivering || this.suspend) return false;
    const now = Math.min(req.now, this.settings.bolus.max_bolus);
    const ext = req.extended ?? 0;
    this.bolusNow += now;
    this.lastBolus = { time: t, code: req.code, delivered: round2(now + ext) };
    this.bolusMinute = t;
    this.dirty = true;
    this.delivery.bolus({
      code: req.code,
      now,
      extended: ext > 0 && req.extendedMin ? ext : 0,
      extendedMin: req.extendedMin ?? 0,
      details: req.details ?? null,
    });
    if (ext > 0 && req.extendedMin) {
      this.extended.start(t, req.code, now, ext, req.extendedMin, req.details ?? null);
    } else {
      const details = req.details ?? null;
      this.sink.emit('pumpBase', {
        type: 'bolus',
        time: t,
        code: req.code,
        set: now,
        delivered: now,
        details,
      });
    }
    return true;
  }

  /** Auto mode meal announcement: the algorithm gives 80 % of the meal's insulin as food doses. */
  announceMeal(t: number, meal: MealName, carbs: number): boolean {
    if (!this.auto || !this.delivering) return false;
    const ratio = valueAt(this.profile.carbRatio, minuteOfDay(t, this.profile.utcOffsetMin));
    this.rows.marker(t, MEAL_ANNOUNCE_CODE[meal]);
    this.sink.emit('pumpBase', {
      type: 'event',
      time: t,
      event_type: MEAL_ANNOUNCE_EVENT[meal],
      value: null,
      details: { carbs },
    });
    this.auto.foodDoses += Math.floor((0.8 * carbs) / ratio / INSULIN_STEP_U);
    return true;
  }

  /** Auto mode exercise: the target rises to 150 mg/dL until the exercise ends. */
  announceExercise(t: number, on: boolean): boolean {
    if (!this.auto || this.auto.exercise === on) return false;
    this.auto.exercise = on;
    this.rows.marker(t, on ? 'BAAMExerciseStart' : 'BAAMExerciseExit');
    if (on) this.sink.emit('pumpBase', { type: 'event', time: t, event_type: 'AutoExercise', value: null });
    return true;
  }

  /** Ends delivery: auto mode, suspend, temp basal and extended boluses stop. */
  stopAll(t: number): void {
    this.exitAuto(t, false);
    this.extended.cancel(t);
    this.rows.close(t);
    this.suspend = null;
    this.temp = null;
    this.basalCarry = 0;
    this.bolusNow = 0;
    this.delivering = false;
    this.dirty = true;
  }

  /** Splits the open row at the first visible minute, so no visible row starts before it. */
  split(t: number): void {
    if (this.suspend) this.rows.open(t, this.suspend.code, 0);
    else this.rows.close(t);
    if (this.auto) this.rows.marker(t, `BAAMTarget${this.settings.auto_mode.target_mgdl}`);
  }

  alarm(t: number, code: PumpAlarm): void {
    this.sink.emit('pumpBase', { type: 'alarm', time: t, source: 'pump', code, cleared_at: null });
  }
}
