// Basal rows (spec §3 "Basal row"): a row is written when it closes, with its start time, code,
// duration, rate and what it delivered; markers (NEW, END*, BAAMS, BAAME, targets, announcements)
// are rows of no duration. Delivery is counted in whole 0.05 U pulses, as the pump gives it.

import { INSULIN_STEP_U, MS_PER_MINUTE } from '@cgm/domain';
import type { BasalCode } from './codes';
import type { RecordSink } from './records';

export interface AutoParts {
  auto_basal_delivery: number;
  auto_corr_delivery: number;
  auto_food_delivery: number;
}

interface OpenRow {
  code: BasalCode;
  start: number;
  rate: number;
  pulses: number;
  auto: AutoParts | null;
}

const pulsesToUnits = (n: number) => Math.round(n * INSULIN_STEP_U * 100) / 100;

export class BasalRows {
  private row: OpenRow | null = null;

  constructor(private readonly sink: RecordSink) {}

  get code(): BasalCode | null {
    return this.row?.code ?? null;
  }

  get rate(): number | null {
    return this.row?.rate ?? null;
  }

  get start(): number | null {
    return this.row?.start ?? null;
  }

  open(t: number, code: BasalCode, rate: number, auto: AutoParts | null = null, pulses = 0): void {
    this.close(t);
    this.row = { code, start: t, rate, pulses, auto };
  }

  addPulses(n: number): void {
    if (this.row) this.row.pulses += n;
  }

  close(t: number): void {
    const r = this.row;
    if (!r) return;
    this.row = null;
    const minutes = (t - r.start) / MS_PER_MINUTE;
    if (minutes <= 0) return;
    this.sink.emit('pumpBase', {
      type: 'basal',
      time: r.start,
      code: r.code,
      duration_min: minutes,
      rate: r.rate,
      delivered: pulsesToUnits(r.pulses),
      auto: r.auto,
    });
  }

  marker(t: number, code: BasalCode): void {
    this.sink.emit('pumpBase', {
      type: 'basal',
      time: t,
      code,
      duration_min: 0,
      rate: 0,
      delivered: 0,
      auto: null,
    });
  }
}
