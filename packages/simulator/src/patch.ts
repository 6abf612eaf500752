// The disposable patch on the reusable pump base: set up (fill, prime, insert: the idle states
// of spec §4), 3 days of delivery from a reservoir of up to 200 U, a battery that runs down, an
// alert 1 hour before expiry (spec §9), and its end: changed by the patient (ENDM), expired
// (ENDEP), empty (ENDEM) or, rarely, occluded (ENDPB). Each patch is a session record with the
// PDM serial.

import { MS_PER_HOUR, MS_PER_MINUTE, PATCH_EXPIRY_ALERT_MINUTES } from '@cgm/domain';
import type { PatchState, PumpAlarm } from './codes';
import { END_CODE } from './codes';
import type { PatientProfile } from './profile';
import type { Pump } from './pump';
import type { Rng } from './random';
import type { RecordSink } from './records';
import { dailyMean } from './segments';

export const PATCH_LIFE_HOURS = 72;
const PRIMING_U = 2;
/** Minutes into the set-up at which each step is reached; delivery starts at 'activated'. */
const SETUP_STEPS: ReadonlyArray<[number, PatchState]> = [
  [0, 'toBeFilled'],
  [3, 'filled'],
  [5, 'priming'],
  [7, 'primingCompleted'],
  [9, 'insertingNeedle'],
  [10, 'activated'],
];

type EndReason = keyof typeof END_CODE;
const FAULT_STATE: Record<Exclude<EndReason, 'user'>, PatchState> = {
  expired: 'expired',
  empty: 'emptyReservoir',
  occlusion: 'occlusion',
};
const FAULT_ALARM: Record<Exclude<EndReason, 'user'>, PumpAlarm> = {
  expired: 'patchExpired',
  empty: 'emptyReservoir',
  occlusion: 'occlusion',
};

interface Current {
  start: number;
  /** How well this infusion site absorbs insulin (1 = as expected). */
  site: number;
  expires: number;
  reservoir: number;
  lowAlarmed: boolean;
  occludeAt: number | null;
}

export class Patch {
  current: Current | null = null;
  setupStart: number | null = null;
  state: PatchState = 'deliveringBasal';
  /** When delivery ended (the patient then changes the patch). */
  endedAt: number | null = null;
  /** Told of every state change (the pump status record is written then). */
  onState: (t: number) => void = () => {};

  constructor(
    private readonly profile: PatientProfile,
    private readonly pump: Pump,
    private readonly sink: RecordSink,
    private readonly rng: Rng,
  ) {}

  get expires(): number | null {
    return this.current?.expires ?? null;
  }

  get reservoir(): number | null {
    return this.current ? Math.round(this.current.reservoir * 10) / 10 : null;
  }

  battery(t: number): number | null {
    if (!this.current) return null;
    return Math.max(5, Math.round(100 - (40 * (t - this.current.start)) / (PATCH_LIFE_HOURS * MS_PER_HOUR)));
  }

  /** A patch already `ageMin` old at `t` (the first day of a simulation). */
  startInitial(t: number, ageMin: number): void {
    const used = (dailyMean(this.profile.basalPatterns.standard) * 2.1 * ageMin) / 60;
    this.activate(
      t,
      t - ageMin * MS_PER_MINUTE,
      Math.max(30, this.profile.reservoirFillUnits - PRIMING_U - used),
    );
  }

  /** The patient starts changing the patch: the old one ends now, the new one is set up. */
  change(t: number): void {
    if (this.setupStart !== null) return;
    if (this.current) this.end(t, 'user');
    this.setupStart = t;
  }

  /** Before the minute's delivery: set-up steps, expiry alert, expiry and faults. */
  check(t: number): void {
    if (this.setupStart !== null) {
      const step = SETUP_STEPS.find(([m]) => t - this.setupStart! === m * MS_PER_MINUTE);
      if (step) this.setState(t, step[1]);
      if (step?.[1] === 'activated') {
        this.setupStart = null;
        this.activate(t, t, this.profile.reservoirFillUnits - PRIMING_U);
      }
      return;
    }
    const c = this.current;
    if (!c) return;
    // Spec §9: the patch expiry alert comes 1 hour before.
    for (const m of PATCH_EXPIRY_ALERT_MINUTES) {
      if (m === 60 && t === c.expires - m * MS_PER_MINUTE) this.pump.alarm(t, 'patchExpiry1h');
    }
    if (t >= c.expires) this.end(t, 'expired');
    else if (c.occludeAt !== null && t >= c.occludeAt) this.end(t, 'occlusion');
  }

  /**
   * Share of delivered insulin the body gets from this site: varies by site and falls by up to
   * 15 % on the third day, as absorption from an ageing infusion site does.
   */
  absorption(t: number): number {
    const c = this.current;
    if (!c) return 1;
    const days = (t - c.start) / (24 * MS_PER_HOUR);
    return c.site * (1 - 0.15 * Math.max(0, Math.min(1, days - 2)));
  }

  /** Takes the minute's delivery from the reservoir; returns what could be given. */
  draw(t: number, units: number): number {
    const c = this.current;
    if (!c || units <= 0) return 0;
    const given = Math.min(units, c.reservoir);
    c.reservoir -= given;
    const low = this.pump.settings.low_reservoir;
    if (low.enabled && !c.lowAlarmed && c.reservoir <= low.units) {
      c.lowAlarmed = true;
      this.pump.alarm(t, 'lowReservoir');
    }
    if (c.reservoir <= 0.001) this.end(t, 'empty');
    return given;
  }

  snapshot(t: number): void {
    if (this.current) this.sessionRecord(t, this.current.start, null);
  }

  private activate(t: number, start: number, reservoir: number): void {
    const occludes = this.rng.chance(0.015);
    this.current = {
      start,
      site: this.rng.factor(0.1),
      expires: start + PATCH_LIFE_HOURS * MS_PER_HOUR,
      reservoir,
      lowAlarmed: false,
      occludeAt: occludes ? t + Math.round(this.rng.uniform(6, 66) * 60) * MS_PER_MINUTE : null,
    };
    this.endedAt = null;
    this.pump.rows.marker(t, 'NEW');
    this.sessionRecord(t, start, null);
    this.pump.delivering = true;
    this.setState(t, 'deliveringBasal');
  }

  private end(t: number, reason: EndReason): void {
    const c = this.current!;
    this.pump.stopAll(t);
    this.pump.rows.marker(t, END_CODE[reason]);
    if (reason !== 'user') {
      this.pump.alarm(t, FAULT_ALARM[reason]);
      this.setState(t, FAULT_STATE[reason]);
    }
    this.sessionRecord(t, c.start, t);
    this.current = null;
    this.endedAt = t;
  }

  private setState(t: number, state: PatchState): void {
    if (state === this.state) return;
    this.state = state;
    this.onState(t);
  }

  private sessionRecord(t: number, start: number, endedAt: number | null): void {
    this.sink.emit('pumpBase', {
      type: 'session',
      time: t,
      kind: 'patch',
      pdm_serial: this.profile.serials.pdm,
      started_at: start,
      ended_at: endedAt,
      rated_life_hours: PATCH_LIFE_HOURS,
    });
  }
}
