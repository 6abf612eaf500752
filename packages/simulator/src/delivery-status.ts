// The delivery fields of the pump status (spec §3 pump_status, device contract pumpStatusRecord):
// the basal delivered today and its last pulse, the latest bolus with its wizard inputs, and what
// remains of it while its extended part runs.

import type { PumpStatusRecord } from '@cgm/contract';
import { MS_PER_MINUTE } from '@cgm/domain';
import type { BolusCode } from './codes';
import type { BolusDetails } from './wizard';

export type DeliveryFields = Pick<
  PumpStatusRecord,
  | 'basal_delivered'
  | 'basal_delivered_time'
  | 'bolus_type'
  | 'bolus_set'
  | 'bolus_delivered'
  | 'extended_bolus_set'
  | 'extended_bolus_delivered'
  | 'extended_bolus_duration'
  | 'wizard_type'
  | 'wizard_glucose'
  | 'wizard_corr_set'
  | 'wizard_carb'
  | 'wizard_carb_set'
  | 'wizard_iob'
  | 'adjustment_type'
  | 'remaining_dose'
  | 'remaining_time'
>;

/** A running extended part (extended-boluses.ts). */
export interface ExtendedProgress {
  extSet: number;
  extDelivered: number;
  minutes: number;
  minutesLeft: number;
}

interface LastBolus {
  code: BolusCode;
  now: number;
  extended: number;
  extendedMin: number;
  details: BolusDetails | null;
}

const WIZARD_CODES: readonly BolusCode[] = ['CRW', 'CAW', 'CCW'];
const round2 = (v: number) => Math.round(v * 100) / 100;
const DAY_MS = 1440 * MS_PER_MINUTE;

export class DeliveryStatus {
  private basalToday = 0;
  private basalDay = Number.NaN;
  private basalTime: number | null = null;
  private last: LastBolus | null = null;

  constructor(private readonly utcOffsetMin: number) {}

  /** Basal units delivered in the minute t (counted per local day). */
  basal(t: number, units: number): void {
    const day = Math.floor((t + this.utcOffsetMin * MS_PER_MINUTE) / DAY_MS);
    if (day !== this.basalDay) {
      this.basalDay = day;
      this.basalToday = 0;
    }
    if (units <= 0) return;
    this.basalToday += units;
    this.basalTime = t;
  }

  bolus(last: LastBolus): void {
    this.last = last;
  }

  fields(progress: ExtendedProgress | null): DeliveryFields {
    const b = this.last;
    const wizard = b && WIZARD_CODES.includes(b.code) ? b.details : null;
    return {
      basal_delivered: round2(this.basalToday),
      basal_delivered_time: this.basalTime,
      bolus_type: b?.code ?? null,
      bolus_set: b ? round2(b.now) : null,
      // The normal part is given within its minute; the extended part runs on (progress).
      bolus_delivered: b ? round2(b.now) : null,
      extended_bolus_set: b && b.extended > 0 ? round2(b.extended) : null,
      extended_bolus_delivered:
        b && b.extended > 0 ? round2(progress ? progress.extDelivered : b.extended) : null,
      extended_bolus_duration: b && b.extended > 0 ? b.extendedMin : null,
      wizard_type: wizard ? b!.code : null,
      wizard_glucose: wizard?.bg ?? null,
      wizard_corr_set: wizard?.corr_bolus ?? null,
      wizard_carb: wizard?.carb ?? null,
      wizard_carb_set: wizard?.carb_bolus ?? null,
      wizard_iob: wizard?.iob ?? null,
      adjustment_type: wizard?.adjustmentType ?? null,
      remaining_dose: progress ? round2(Math.max(0, progress.extSet - progress.extDelivered)) : b ? 0 : null,
      remaining_time: progress ? progress.minutesLeft : b ? 0 : null,
    };
  }
}
