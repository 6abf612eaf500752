import type { ExportQuery } from '@cgm/contract';
import type { Db } from '../../platform/db/client';
import { deviceOfSerial, readGlucoseRecords } from '../../patient-data';
import { PORTAL_CSV_COLUMNS } from '../../adapters/file-import';
import { csvField } from '../../adapters/file-import';
import { exportRowsOfRange } from './export-csv.repository';

// One CSV table of the stored rows of a range, sorted by time: a line per reading, finger-stick,
// bolus, basal row, auto mode dose and logbook event. Its `record` column is the row as a device
// record (adapters/file-import/portal-csv-columns.ts), so the portal's CSV import reads the file
// back as exactly the same records.

const iso = (d: Date | number) => new Date(d).toISOString();
const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** null and undefined fields left out, so the record stays short. */
const json = (o: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)));

export async function exportCsv(db: Db, patientId: string, q: ExportQuery): Promise<string> {
  const [from, to] = [new Date(q.from), new Date(q.to)];
  const [sg, { bg, bolus, basal, ev }] = await Promise.all([
    readGlucoseRecords(db, patientId, q.from, q.to),
    exportRowsOfRange(db, patientId, from, to),
  ]);
  const lines: string[][] = [];
  for (const s of sg)
    lines.push([
      iso(s.time),
      String(s.utcOffsetMin),
      'sensor_glucose',
      s.mgdl === null ? (s.displayCode ?? '') : String(s.mgdl),
      'mg/dL',
      s.source,
      json({
        type: 'sg',
        device: deviceOfSerial(s.serial),
        mgdl: s.mgdl,
        quality: s.quality,
        display_code: s.displayCode,
        rate: s.rate,
      }),
    ]);
  for (const b of bg) {
    const type = b.kind === 'bg' ? 'blood_glucose' : 'calibration';
    lines.push([iso(b.time), String(b.utcOffsetMin), type, String(b.mgdl), 'mg/dL', '', json({ type: b.kind, mgdl: b.mgdl })]); // prettier-ignore
  }
  for (const b of bolus)
    lines.push([
      iso(b.time),
      String(b.utcOffsetMin),
      'bolus',
      String(r3(b.delivered + (b.extendedDelivered ?? 0))),
      'U',
      b.code,
      json({
        type: 'bolus',
        code: b.code,
        set: b.set,
        delivered: b.delivered,
        extended_set: b.extendedSet,
        extended_delivered: b.extendedDelivered,
        extended_duration_min: b.extendedDurationMin,
        details: b.details,
      }),
    ]);
  for (const b of basal) {
    const record = { type: 'basal', code: b.code, duration_min: b.durationMin, rate: b.rate, delivered: b.delivered, auto: b.auto }; // prettier-ignore
    lines.push([iso(b.time), String(b.utcOffsetMin), 'basal', String(b.rate), 'U/h', `${b.code} ${b.durationMin} min`, json(record)]); // prettier-ignore
    const auto = (b.auto ?? {}) as { auto_corr_delivery?: number; auto_food_delivery?: number };
    const units = (auto.auto_corr_delivery ?? 0) + (auto.auto_food_delivery ?? 0);
    // For people: the auto mode dose of this basal row (its record is the basal line's).
    if (units > 0) lines.push([iso(b.time), String(b.utcOffsetMin), 'auto_bolus', String(r3(units)), 'U', b.code, '']); // prettier-ignore
  }
  for (const e of ev)
    lines.push([
      iso(e.time),
      String(e.utcOffsetMin),
      `event_${e.eventType}`,
      e.value === null ? '' : String(e.value),
      '',
      e.notes ?? '',
      json({ type: 'event', event_type: e.eventType, value: e.value, details: e.details, notes: e.notes }),
    ]);
  lines.sort((a, b) => a[0]!.localeCompare(b[0]!));
  // The detail column is free text (notes): guarded against spreadsheet formulas.
  const cell = (v: string, i: number) => csvField(v, i === 5);
  return [[...PORTAL_CSV_COLUMNS], ...lines].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
}
