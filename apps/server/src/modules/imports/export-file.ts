import { and, eq, gte, lt } from 'drizzle-orm';
import { ErrorCode, isAutoModeBasal, trendOfRate } from '@cgm/domain';
import type { ExportQuery } from '@cgm/contract';
import type { Db } from '../../db/client';
import { basalSegments, bgReadings, boluses, events } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { deviceOfSerial, readGlucoseRecords } from '../../patient-data';
import { csvField } from '../care-team/export-format';

// Exports of a range: Nightscout-shaped JSON that the Nightscout import reads back as the same
// data (readings, insulin and events keep their meaning and their device), or one CSV table.

const MAX_EXPORT_MS = 400 * 86_400_000;

/** The patient's data in [from, to): Nightscout-shaped JSON (re-importable) or one CSV table. */
export async function exportFile(
  db: Db,
  patientId: string,
  q: ExportQuery,
): Promise<{ type: string; body: string; filename: string }> {
  if (q.to <= q.from || q.to - q.from > MAX_EXPORT_MS)
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      details: [{ path: 'to', message: 'validation.invalid' }],
    });
  const [from, to] = [new Date(q.from), new Date(q.to)];
  const range = <T extends typeof bgReadings | typeof boluses | typeof basalSegments | typeof events>(t: T) =>
    and(eq(t.patientId, patientId), gte(t.time, from), lt(t.time, to));
  const [sg, bg, bolus, basal, ev] = await Promise.all([
    readGlucoseRecords(db, patientId, q.from, q.to),
    db.select().from(bgReadings).where(range(bgReadings)).orderBy(bgReadings.time),
    db.select().from(boluses).where(range(boluses)).orderBy(boluses.time),
    db.select().from(basalSegments).where(range(basalSegments)).orderBy(basalSegments.time),
    db.select().from(events).where(range(events)).orderBy(events.time),
  ]);
  const live = ev.filter((e) => !e.deletedAt);
  const iso = (d: Date) => d.toISOString();
  const entries = [
    ...sg
      .filter((s) => s.mgdl !== null)
      .map((s) => ({
        type: 'sgv',
        sgv: Math.round(s.mgdl!),
        date: s.time,
        dateString: iso(new Date(s.time)),
        utcOffset: s.utcOffsetMin,
        direction: trendOfRate(s.rate).direction,
        // The device the reading came from, so a re-import judges it by the same sampling interval.
        device: s.source === 'realtime' ? 'CGM Portal realtime' : deviceOfSerial(s.serial),
      })),
    ...bg.map((b) => ({
      type: 'mbg',
      mbg: b.mgdl,
      date: b.time.getTime(),
      dateString: iso(b.time),
      utcOffset: b.utcOffsetMin,
      device: `CGM Portal ${b.kind}`,
    })),
  ];
  const treatments = [
    ...bolus.map((b) => ({
      eventType: b.extendedDelivered ? 'Combo Bolus' : 'Correction Bolus',
      created_at: iso(b.time),
      utcOffset: b.utcOffsetMin,
      insulin: b.delivered,
      ...(b.extendedDelivered
        ? {
            enteredinsulin: b.delivered + b.extendedDelivered,
            splitNow: (100 * b.delivered) / (b.delivered + b.extendedDelivered),
            splitExt: (100 * b.extendedDelivered) / (b.delivered + b.extendedDelivered),
            duration: b.extendedDurationMin,
          }
        : {}),
      notes: b.code,
    })),
    // Auto mode basal goes out as the closed loop's temp basal (`automatic`), its micro-boluses
    // as SMB boluses, so that importing the file elsewhere counts them as automated again. A
    // zero-length auto row is only a micro-bolus: as a temp basal it would cancel the running one.
    ...basal
      .filter((b) => !isAutoModeBasal(b.code) || b.durationMin > 0)
      .map((b) => ({
        eventType: /^BA(RT|AT)$/.test(b.code) || isAutoModeBasal(b.code) ? 'Temp Basal' : 'Basal',
        created_at: iso(b.time),
        utcOffset: b.utcOffsetMin,
        absolute: b.rate,
        rate: b.rate,
        duration: b.durationMin,
        ...(isAutoModeBasal(b.code) ? { automatic: true } : {}),
        notes: b.code,
      })),
    ...basal.flatMap((b) => {
      const auto = (b.auto ?? {}) as { auto_corr_delivery?: number; auto_food_delivery?: number };
      const units = (auto.auto_corr_delivery ?? 0) + (auto.auto_food_delivery ?? 0);
      return units > 0
        ? [
            {
              eventType: 'Correction Bolus',
              created_at: iso(b.time),
              utcOffset: b.utcOffsetMin,
              insulin: Math.round(units * 1000) / 1000,
              type: 'SMB',
              isSMB: true,
              automatic: true,
              notes: b.code,
            },
          ]
        : [];
    }),
    ...live.map((e) => ({
      eventType:
        e.eventType === 'CARB'
          ? 'Carb Correction'
          : e.eventType === 'EXR'
            ? 'Exercise'
            : e.eventType === 'BG'
              ? 'BG Check'
              : 'Note',
      created_at: iso(e.time),
      utcOffset: e.utcOffsetMin,
      ...(e.eventType === 'CARB'
        ? { carbs: e.value }
        : e.eventType === 'EXR'
          ? { duration: e.value }
          : e.eventType === 'BG'
            ? { glucose: e.value, units: 'mg/dl' }
            : {}),
      notes: [e.eventType, e.notes].filter(Boolean).join(': '),
    })),
  ];
  const name = `cgm-${from.toISOString().slice(0, 10)}-${new Date(q.to - 1).toISOString().slice(0, 10)}`;
  if (q.format === 'json')
    return {
      type: 'application/json',
      filename: `${name}.json`,
      body: JSON.stringify({ entries, treatments }),
    };
  // The detail column is free text (notes): guarded against spreadsheet formulas.
  const cell = (v: string, i: number) => csvField(v, i === 5);
  const lines = [['time_utc', 'utc_offset_min', 'type', 'value', 'unit', 'detail']];
  for (const s of sg)
    lines.push([
      iso(new Date(s.time)),
      String(s.utcOffsetMin),
      'sensor_glucose',
      s.mgdl === null ? (s.displayCode ?? '') : String(s.mgdl),
      'mg/dL',
      s.source,
    ]);
  for (const b of bg)
    lines.push([
      iso(b.time),
      String(b.utcOffsetMin),
      b.kind === 'bg' ? 'blood_glucose' : 'calibration',
      String(b.mgdl),
      'mg/dL',
      '',
    ]);
  for (const b of bolus)
    lines.push([
      iso(b.time),
      String(b.utcOffsetMin),
      'bolus',
      String(b.delivered + (b.extendedDelivered ?? 0)),
      'U',
      b.code,
    ]);
  for (const b of basal)
    lines.push([
      iso(b.time),
      String(b.utcOffsetMin),
      'basal',
      String(b.rate),
      'U/h',
      `${b.code} ${b.durationMin} min`,
    ]);
  for (const b of basal) {
    const auto = (b.auto ?? {}) as { auto_corr_delivery?: number; auto_food_delivery?: number };
    const units = (auto.auto_corr_delivery ?? 0) + (auto.auto_food_delivery ?? 0);
    if (units > 0)
      lines.push([
        iso(b.time),
        String(b.utcOffsetMin),
        'auto_bolus',
        String(Math.round(units * 1000) / 1000),
        'U',
        b.code,
      ]);
  }
  for (const e of live)
    lines.push([
      iso(e.time),
      String(e.utcOffsetMin),
      `event_${e.eventType}`,
      e.value === null ? '' : String(e.value),
      '',
      e.notes ?? '',
    ]);
  const [header, ...rest] = lines;
  rest.sort((a, b) => a[0]!.localeCompare(b[0]!));
  return {
    type: 'text/csv; charset=utf-8',
    filename: `${name}.csv`,
    body: [header!, ...rest].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n',
  };
}
