// pump_status records (spec §3 "Monitor status" pump_status; §4 pump state ranges): written every
// 10 minutes and whenever the state changes, with insulin on board, reservoir, battery, the
// patch state, the mode, the last bolus and the delivery fields (delivery-status.ts).

import { MS_PER_MINUTE } from '@cgm/domain';
import { BASAL_TYPE, DELIVERING_FLAG, PUMP_STATE, SUSPEND_STATE } from './codes';
import type { Patch } from './patch';
import type { Pump } from './pump';
import type { RecordSink } from './records';

const EVERY_MS = 10 * MS_PER_MINUTE;

export function pumpStateNumber(t: number, pump: Pump, patch: Patch): number {
  if (patch.setupStart !== null) {
    const s = patch.state;
    return s in PUMP_STATE ? (PUMP_STATE[s as keyof typeof PUMP_STATE] as number) : PUMP_STATE.toBeFilled;
  }
  if (!patch.current) {
    if (patch.state === 'occlusion') return PUMP_STATE.occlusion;
    if (patch.state === 'expired') return PUMP_STATE.expired;
    if (patch.state === 'emptyReservoir') return PUMP_STATE.emptyReservoir;
    return PUMP_STATE.stopped;
  }
  if (pump.suspend) return PUMP_STATE.suspended[pump.suspend.code];
  let state: number = PUMP_STATE.delivering;
  if (pump.temp) state += DELIVERING_FLAG.tempBasal;
  if (pump.bolusMinute === t) state += DELIVERING_FLAG.bolus;
  if (pump.hasExtended) state += DELIVERING_FLAG.extended;
  if (pump.auto) state += DELIVERING_FLAG.auto;
  return state;
}

export function writePumpStatus(t: number, pump: Pump, patch: Patch, sink: RecordSink): void {
  pump.dirty = false;
  const on = patch.current !== null;
  const basalRate = !on || pump.suspend ? 0 : pump.auto ? pump.auto.rate : pump.manualRate(t);
  const basalType = !on
    ? null
    : pump.auto
      ? BASAL_TYPE.auto
      : pump.temp
        ? BASAL_TYPE[pump.temp.code]
        : BASAL_TYPE[pump.pattern];
  sink.emit('pumpBase', {
    type: 'pump_status',
    time: t,
    state: pumpStateNumber(t, pump, patch),
    basal_type: basalType,
    basal_rate: Number(basalRate.toFixed(2)),
    auto_mode: pump.auto !== null,
    iob: Math.round(pump.iob * 100) / 100,
    reservoir_units: patch.reservoir,
    battery_percent: patch.battery(t),
    uploader_battery_percent: phoneBattery(t),
    patch_state: pump.suspend ? SUSPEND_STATE[pump.suspend.code] : patch.state,
    mode: pump.auto ? 'auto' : pump.pattern,
    last_bolus: pump.lastBolus,
    suspend_time: pump.suspend?.start ?? null,
    ...pump.delivery.fields(pump.extendedProgress(t)),
  });
}

/**
 * The phone that runs the patch app: charged to 100 % by 07:00 UTC, then 4.5 % an hour down to
 * 28 % at 23:00, charging again overnight (whole percents, as phones report).
 */
export function phoneBattery(t: number): number {
  const hour = (((t / 3_600_000) % 24) + 24) % 24;
  if (hour >= 7 && hour < 23) return Math.round(100 - 4.5 * (hour - 7));
  const sinceCharge = (hour + 24 - 23) % 24; // 0..8 hours on the charger
  return Math.round(Math.min(100, 28 + 9 * sinceCharge));
}

/** Whether a status is due this minute (every 10 minutes, or after a change). */
export function pumpStatusDue(t: number, pump: Pump): boolean {
  return pump.dirty || t % EVERY_MS === 0;
}
