import { mgdlToMmol, roundTo } from '@cgm/domain';

// The clinic export's text (CSV or JSON), built from rows already read: pure, so it is tested
// without a database, and written as chunks so 90 days of 2-minute readings (~65,000 rows) never
// become one large string.

/** Sensor glucose, column-wise; `mgdl` NaN where the sensor showed a display code instead. */
export interface SgColumns {
  time: Float64Array;
  mgdl: Float64Array;
  utcOffsetMin: Int16Array;
  /** Index into SG_FLAG_CODES: the quality flag, else the display code, else none. */
  flag: Uint8Array;
}

/** Flags in the order the database packs them (0 = none); spec §3 "SG row". */
export const SG_FLAG_CODES = ['', 'C', 'CX', 'NC', 'DE', 'CE0', 'CE1', 'H'] as const;

interface Timed {
  time: number;
  utcOffsetMin: number;
}
export interface BgRow extends Timed {
  kind: string;
  mgdl: number;
}
export interface BasalRow extends Timed {
  code: string;
  durationMin: number;
  rate: number;
  delivered: number;
  auto: Record<string, number> | null;
}
export interface BolusRow extends Timed {
  code: string;
  set: number;
  delivered: number;
  extendedSet: number | null;
  extendedDelivered: number | null;
  extendedDurationMin: number | null;
  details: Record<string, unknown> | null;
}
export interface EventRow extends Timed {
  type: string;
  value: number | null;
  details: Record<string, unknown> | null;
  notes: string | null;
  origin: string;
}

export interface ExportData {
  patient: { uid: string; name: string };
  /** Local dates of the patient, both included. */
  from: string;
  to: string;
  generatedAt: number;
  sg: SgColumns;
  bg: BgRow[];
  basal: BasalRow[];
  bolus: BolusRow[];
  events: EventRow[];
}

/** The wall-clock time where the record was made: `YYYY-MM-DD HH:mm:ss`. */
export function localTime(time: number, utcOffsetMin: number): string {
  return new Date(time + utcOffsetMin * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** `+01:00`, `-05:30`, `+00:00`. */
export function offsetText(utcOffsetMin: number): string {
  const sign = utcOffsetMin < 0 ? '-' : '+';
  const abs = Math.abs(utcOffsetMin);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** mmol/L to one decimal (the display precision, CLINICAL.md), from the stored mg/dL. */
export const mmolOf = (mgdl: number): number => roundTo(mgdlToMmol(mgdl), 1);
const mgdlOf = (mgdl: number): number => roundTo(mgdl, 1);

/**
 * What a spreadsheet runs as a formula: =, +, -, @ or their full-width forms (＝ ＋ － ＠, which
 * some spreadsheets read as the ASCII ones), after any leading blanks (spreadsheets trim them), or a
 * tab, CR or LF first.
 */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Free text that a
 * spreadsheet would run as a formula gets a leading apostrophe.
 */
export function csvField(value: unknown, freeText = false): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (freeText && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: readonly string[]): string => `${fields.join(',')}\r\n`;
const when = (r: Timed): string[] => [localTime(r.time, r.utcOffsetMin), offsetText(r.utcOffsetMin)];
const TIME_HEADER = ['Local time', 'UTC offset'];

/** Rows per chunk handed to the response stream. */
const CHUNK = 2_000;

function* section<T>(title: string, header: string[], rows: readonly T[], toFields: (r: T) => string[]) {
  yield `\r\n${line([csvField(title)])}${line([...TIME_HEADER, ...header])}`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    yield rows
      .slice(i, i + CHUNK)
      .map((r) => line(toFields(r)))
      .join('');
  }
}

function* sgCsv(sg: SgColumns) {
  yield `\r\n${line(['Sensor glucose'])}${line([...TIME_HEADER, 'mg/dL', 'mmol/L', 'Flag'])}`;
  for (let start = 0; start < sg.time.length; start += CHUNK) {
    let out = '';
    for (let i = start; i < Math.min(start + CHUNK, sg.time.length); i++) {
      const v = sg.mgdl[i]!;
      const has = !Number.isNaN(v);
      out += line([
        ...when({ time: sg.time[i]!, utcOffsetMin: sg.utcOffsetMin[i]! }),
        has ? String(mgdlOf(v)) : '',
        has ? mmolOf(v).toFixed(1) : '',
        SG_FLAG_CODES[sg.flag[i]!] ?? '',
      ]);
    }
    yield out;
  }
}

/** The CSV: a header naming the patient and the range, then one section per kind of record. */
export function* exportCsv(d: ExportData): Generator<string> {
  // The byte-order mark makes spreadsheet programs read the names as UTF-8.
  yield (
    '\uFEFF' +
    line(['Patient', csvField(d.patient.name, true)]) +
    line(['Patient ID', csvField(d.patient.uid)]) +
    line(['From', d.from]) +
    line(['To', d.to]) +
    line(['Exported at (UTC)', new Date(d.generatedAt).toISOString()])
  );
  yield* sgCsv(d.sg);
  yield* section('Blood glucose', ['Kind', 'mg/dL', 'mmol/L'], d.bg, (r) => [
    ...when(r),
    r.kind,
    String(mgdlOf(r.mgdl)),
    mmolOf(r.mgdl).toFixed(1),
  ]);
  yield* section(
    'Basal',
    [
      'Code',
      'Duration (min)',
      'Rate (U/H)',
      'Delivered (U)',
      'Auto basal (U)',
      'Auto correction (U)',
      'Auto food (U)',
    ],
    d.basal,
    (r) => [
      ...when(r),
      csvField(r.code),
      String(r.durationMin),
      String(r.rate),
      String(r.delivered),
      csvField(r.auto?.auto_basal_delivery),
      csvField(r.auto?.auto_corr_delivery),
      csvField(r.auto?.auto_food_delivery),
    ],
  );
  yield* section(
    'Bolus',
    [
      'Code',
      'Set (U)',
      'Delivered (U)',
      'Extended set (U)',
      'Extended delivered (U)',
      'Extended duration (min)',
      'Details',
    ],
    d.bolus,
    (r) => [
      ...when(r),
      csvField(r.code),
      String(r.set),
      String(r.delivered),
      csvField(r.extendedSet),
      csvField(r.extendedDelivered),
      csvField(r.extendedDurationMin),
      csvField(r.details),
    ],
  );
  yield* section('Events', ['Type', 'Value', 'Details', 'Notes', 'Source'], d.events, (r) => [
    ...when(r),
    csvField(r.type),
    csvField(r.value),
    csvField(r.details, true),
    csvField(r.notes, true),
    csvField(r.origin),
  ]);
}

function* jsonArray<T>(name: string, rows: readonly T[], toObject: (r: T) => unknown, first = false) {
  yield `${first ? '' : ','}"${name}":[`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK).map((r) => JSON.stringify(toObject(r)));
    yield (i > 0 ? ',' : '') + part.join(',');
  }
  yield ']';
}

const jsonWhen = (r: Timed) => ({
  time: r.time,
  local: localTime(r.time, r.utcOffsetMin),
  utc_offset: offsetText(r.utcOffsetMin),
});

/** The same content as JSON (contract `patientExportJson`), written in chunks. */
export function* exportJson(d: ExportData): Generator<string> {
  const head = { error: 0, patient: d.patient, from: d.from, to: d.to, generated_at: d.generatedAt };
  yield JSON.stringify(head).slice(0, -1) + ',';
  const sgIndex = Array.from({ length: d.sg.time.length }, (_, i) => i);
  yield* jsonArray(
    'sg',
    sgIndex,
    (i) => {
      const v = d.sg.mgdl[i]!;
      const has = !Number.isNaN(v);
      return {
        ...jsonWhen({ time: d.sg.time[i]!, utcOffsetMin: d.sg.utcOffsetMin[i]! }),
        mgdl: has ? mgdlOf(v) : null,
        mmol: has ? mmolOf(v) : null,
        flag: SG_FLAG_CODES[d.sg.flag[i]!] || null,
      };
    },
    true,
  );
  yield* jsonArray('bg', d.bg, (r) => ({
    ...jsonWhen(r),
    kind: r.kind,
    mgdl: mgdlOf(r.mgdl),
    mmol: mmolOf(r.mgdl),
  }));
  yield* jsonArray('basal', d.basal, (r) => ({
    ...jsonWhen(r),
    code: r.code,
    duration_min: r.durationMin,
    rate: r.rate,
    delivered: r.delivered,
    auto: r.auto,
  }));
  yield* jsonArray('bolus', d.bolus, (r) => ({
    ...jsonWhen(r),
    code: r.code,
    set: r.set,
    delivered: r.delivered,
    extended_set: r.extendedSet,
    extended_delivered: r.extendedDelivered,
    extended_duration_min: r.extendedDurationMin,
    details: r.details,
  }));
  yield* jsonArray('events', d.events, (r) => ({
    ...jsonWhen(r),
    type: r.type,
    value: r.value,
    details: r.details,
    notes: r.notes,
    origin: r.origin,
  }));
  yield '}';
}
