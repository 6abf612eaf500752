import { and, eq, gte, lt } from 'drizzle-orm';
import { ErrorCode } from '@cgm/domain';
import type { ExportQuery } from '@cgm/contract';
import type { Db } from '../../db/client';
import { basalSegments, bgReadings, boluses, events } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { readGlucoseRecords } from '../../patient-data';
import { timelineDocuments } from '../../adapters/nightscout/ns-documents';
import { csvField } from '../care-team/export-format';

// Exports of a range: Nightscout JSON, the very documents the Nightscout API serves for the range
// (one serializer: adapters/nightscout/ns-documents.ts), which the Nightscout import reads back as
// the same data; or one CSV table of the stored rows.

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
  const name = `cgm-${from.toISOString().slice(0, 10)}-${new Date(q.to - 1).toISOString().slice(0, 10)}`;
  if (q.format === 'json')
    return {
      type: 'application/json',
      filename: `${name}.json`,
      body: JSON.stringify(await timelineDocuments(db, patientId, q.from, q.to)),
    };
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
