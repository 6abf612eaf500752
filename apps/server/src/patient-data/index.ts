// The patient's timeline (DESIGN.md "The server's middle floor", patient-data): the one write path
// of device records and the live event numbers. Features and adapters import from here only.
export { appendRecords, type AppendOutcome, type AppendRequest } from './append-records';
export { appendGlucoseOnce, glucoseStateOf, type GlucoseAppend } from './glucose-append';
export { EVENT_GUARD } from './data-events';
export { DeviceNotActiveError } from './device-check';
export { changePatientData, type DataWriter } from './patient-change';
export { alertsWatchedSql, lastEventNo, lockPatientData } from './data-events';
export { checkRecords, textProblem, MAX_FUTURE_MS, type RecordProblem } from './record-checks';
export { storeRecords, type Source } from './store-records';
export { insertBasal, removeBasal, type BasalRecord, type RemovedBasal } from './basal-store';
export { recordUpload, uploadInsert, type UploadRow } from './upload-history';
export { insertUnnest, pgArray, type Column } from './bulk-insert';
export {
  deviceOfSerial,
  intervalOfClass,
  sourceClassOf,
  IMPORTED_SERIAL_PREFIX,
  UPLOADED_SERIAL_PREFIX,
  LIBREVIEW_HISTORIC_DEVICE,
} from './sources';
export {
  decodeGlucose,
  eachGlucose,
  glucoseBlocksSql,
  intervalsOf,
  latestGlucose,
  newestGlucose,
  readGlucoseBlocks,
  readGlucoseRecords,
  readGlucoseSeries,
  tenth,
  type GlucoseRecord,
  type GlucoseSeries,
  type NewestGlucose,
  type RecordFilter,
  type SgCursor,
} from './glucose-read';
export { removeGlucose } from './glucose-store';
export {
  displayCodeOf,
  DISPLAY_CODES,
  offsetAt,
  qualityOf,
  QUALITY_CODES,
  sourceOfFlags,
  SG_UPLOADED,
  isCalibrationState,
  recordCount,
  viewOf as blockView,
  type DisplayCode,
  type Quality,
} from './glucose-block';
export { decodeFlaggedSg, type FlaggedSg } from './glucose-flagged';
export { readDataOptions, sourceFilter, sourcePredicate, type OptionRange } from './source-filter';
