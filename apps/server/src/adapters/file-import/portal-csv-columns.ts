// The portal's own CSV export (features/imports/export-csv.ts) and its import (portal-csv.ts) share
// these columns. The first six are for people and spreadsheets; `record` holds the stored row as
// the device record it was (JSON, without serial, seq and time, which the row's other columns
// give), so that importing the export again gives back exactly the same records.

export const PORTAL_CSV_COLUMNS = [
  'time_utc',
  'utc_offset_min',
  'type',
  'value',
  'unit',
  'detail',
  'record',
] as const;

/** A row written for people only: a basal row's auto mode insulin, which its basal row carries. */
export const PORTAL_CSV_INFO_TYPES = new Set(['auto_bolus']);
