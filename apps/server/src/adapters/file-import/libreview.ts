import { MGDL_PER_MMOL } from '@cgm/domain';
import { LIBREVIEW_HISTORIC_DEVICE } from '../../patient-data';
import { csvNumber, localTime, offsetMinutes, parseCsv } from './csv';
import { decideDateOrder, type DateOrder } from './date-order';
import { libreColumns } from './libreview-columns';
import { FILE_SERIAL, sgSerialOf, type ParsedFile } from './parsed';

// LibreView CSV: a title line, then the header (in the portal's language: libreview-columns.ts);
// local times without a zone, day or month first (date-order.ts), with AM/PM in the US.
// Record types: 0 historic glucose (one value per 15 minutes), 1 scan, 2 strip, 4 insulin, 5 food,
// 6 notes. Historic records and scans are two sources: historic ones are judged at 15 minutes
// whatever the sensor (CLINICAL.md "Sampling interval and coverage"), scans are spot checks.

const SCAN_DEVICE = 'LibreView scan';

export function parseLibreView(text: string, tz: string, out: ParsedFile, given?: DateOrder): void {
  const rows = parseCsv(text);
  const found = libreColumns(rows);
  if (!found) return out.fail('imports.problem.notLibreView');
  const h = found.header;
  const head = rows[h]!.map((c) => c.trim());
  const { time: iTime, type: iType, hist: iHist, scan: iScan, strip: iStrip, rapid: iRapid } = found.col;
  const { carbs: iCarbs, long: iLong, notes: iNotes } = found.col;
  const mmol = /mmol/i.test(head[iHist] ?? '');
  const body = rows.slice(h + 1);
  const order = (out.dateOrder = decideDateOrder(
    body.map((r) => r[iTime] ?? ''),
    given,
  ));
  if (order.mixed) return out.fail('imports.problem.mixedDateOrder');
  if (order.ask !== null) return out.fail('imports.problem.dateOrderNeeded');
  const mgdl = (v: number) => Math.round(mmol ? v * MGDL_PER_MMOL : v);
  body.forEach((r, i) => {
    const row = `row ${h + i + 2}`;
    const time = localTime(r[iTime] ?? '', tz, order.order);
    if (time === null) return out.reject(row, `unreadable time "${r[iTime] ?? ''}"`);
    const base = { serial: FILE_SERIAL, time, utc_offset_min: offsetMinutes(time, tz) };
    const type = r[iType]?.trim() ?? '';
    const value = (k: number) => (k >= 0 ? csvNumber(r[k]) : null);
    if (type === '0' || type === '1') {
      const g = value(type === '0' ? iHist : iScan);
      if (g === null) return out.reject(row, `${type === '0' ? 'historic' : 'scan'} record without glucose`);
      const device = type === '0' ? LIBREVIEW_HISTORIC_DEVICE : SCAN_DEVICE;
      out.add(row, { type: 'sg', ...base, serial: sgSerialOf(device), mgdl: mgdl(g) });
    } else if (type === '2') {
      const g = value(iStrip);
      if (g === null) return out.reject(row, 'strip record without glucose');
      out.add(row, { type: 'bg', ...base, mgdl: mgdl(g) });
    } else if (type === '4') {
      // One row may log rapid- and long-acting insulin together: two records.
      const [rapid, long] = [value(iRapid), value(iLong)];
      if (rapid === null && long === null) return out.reject(row, 'insulin record without units');
      if (rapid !== null) out.add(row, { type: 'bolus', ...base, code: 'NB', set: rapid, delivered: rapid });
      // Long-acting insulin is an injection the person logged, not a pump bolus.
      if (long !== null)
        out.add(row, {
          type: 'event',
          ...base,
          event_type: 'INS',
          value: long,
          notes: 'Long-acting insulin',
        });
    } else if (type === '5') {
      const grams = value(iCarbs);
      if (grams === null) return out.reject(row, 'food record without carbohydrate grams');
      out.add(row, { type: 'event', ...base, event_type: 'CARB', value: grams });
    } else if (type === '6') {
      const notes = iNotes >= 0 ? r[iNotes]?.trim() : '';
      if (!notes) return out.reject(row, 'note record without text');
      out.add(row, { type: 'event', ...base, event_type: 'OTR', value: null, notes: notes.slice(0, 1000) });
    } else out.skip(`LibreView records of type "${type}"`);
  });
}
