import { parseCsv } from './csv';
import { FILE_SERIAL, sgSerialOf, type ParsedFile, type Unkeyed } from './parsed';
import type { PORTAL_CSV_COLUMNS } from './portal-csv-columns';
import { PORTAL_CSV_INFO_TYPES } from './portal-csv-columns';

// The portal's own CSV export read back: each line's `record` column is the stored row as a device
// record, its time and UTC offset are the line's. Sensor readings keep their device (a source of
// its own, with that device's interval), everything else takes the one serial of all files, so
// importing an export into the account it came from adds nothing, and into another account gives
// the same records. The record check of patient-data refuses what is not a valid record.

type J = Record<string, unknown>;
const isObj = (v: unknown): v is J => !!v && typeof v === 'object' && !Array.isArray(v);
const RECORD_TYPES = new Set(['sg', 'bg', 'calibration', 'bolus', 'basal', 'event']);

export function parsePortalCsv(text: string, out: ParsedFile): void {
  const rows = parseCsv(text);
  const head = rows[0]?.map((c) => c.trim()) ?? [];
  const col = (name: (typeof PORTAL_CSV_COLUMNS)[number]) => head.indexOf(name);
  const [iTime, iOffset, iType, iRecord] = [
    col('time_utc'),
    col('utc_offset_min'),
    col('type'),
    col('record'),
  ];
  if (iTime < 0 || iOffset < 0 || iType < 0 || iRecord < 0) return out.fail('imports.problem.notPortalCsv');
  rows.slice(1).forEach((r, i) => {
    const row = `row ${i + 2}`;
    if (PORTAL_CSV_INFO_TYPES.has(r[iType]?.trim() ?? '')) return;
    const time = Date.parse(r[iTime]?.trim() ?? '');
    const offset = Number(r[iOffset]);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(r[iTime] ?? '') || Number.isNaN(time))
      return out.reject(row, `unreadable time "${r[iTime] ?? ''}"`);
    if (!Number.isInteger(offset) || Math.abs(offset) > 14 * 60)
      return out.reject(row, `unreadable UTC offset "${r[iOffset] ?? ''}"`);
    let record: unknown;
    try {
      record = JSON.parse(r[iRecord] ?? '');
    } catch {
      return out.reject(row, 'unreadable record');
    }
    if (!isObj(record) || !RECORD_TYPES.has(String(record.type)))
      return out.reject(row, `no record of a known type`);
    const { device, serial: _s, seq: _q, time: _t, utc_offset_min: _o, ...fields } = record;
    const serial = record.type === 'sg' ? sgSerialOf(String(device ?? 'file')) : FILE_SERIAL;
    out.add(row, { ...fields, serial, time, utc_offset_min: offset } as Unkeyed);
  });
}
