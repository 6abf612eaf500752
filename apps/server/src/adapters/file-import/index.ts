import type { DateOrder, ImportFormat } from '@cgm/contract';
import { parseClarity } from './clarity';
import { parseLibreView } from './libreview';
import { parseNightscout } from './nightscout-json';
import { parsedFile, type ParsedFile } from './parsed';
import { parsePortalCsv } from './portal-csv';
import { parseTidepool } from './tidepool';

// File imports (DESIGN.md "adapters/file-import"): each format straight to device records, which
// the caller stores through patient-data's appendRecords like any other upload.

export { FILE_SERIAL, type ParsedFile } from './parsed';
// The file formats the exports write (care team export, the patient's own CSV).
export {
  SG_FLAG_CODES,
  csvField,
  exportCsv,
  exportJson,
  type ExportData,
  type SgColumns,
} from './export-format';
export { PORTAL_CSV_COLUMNS } from './portal-csv-columns';

export function parseImport(
  format: ImportFormat,
  content: string,
  timeZone: string,
  dateOrder?: DateOrder,
): ParsedFile {
  const out = parsedFile();
  if (format === 'dexcom_clarity_csv') parseClarity(content, timeZone, out);
  else if (format === 'libreview_csv') parseLibreView(content, timeZone, out, dateOrder);
  else if (format === 'portal_csv') parsePortalCsv(content, out);
  else {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      out.fail('imports.problem.invalidJson');
      return out.finish();
    }
    if (format === 'nightscout_json') parseNightscout(data, out);
    else parseTidepool(data, out);
  }
  return out.finish();
}
