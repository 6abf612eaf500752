// The Nightscout adapter's public entry: what the Nightscout API (features/nightscout), the file
// import and export, and the data deletion take from the protocol's documents and entry hours.
// Features reach the adapter only through this file (eslint.boundaries.js).
export { ownDeviceStatusModifiedSql } from './ns-doc-devicestatus';
export { ownTreatmentsModifiedSql } from './ns-doc-treatments';
export {
  documentRowsSql,
  presentDoc,
  timelineDocuments,
  toStoredDoc,
  type DocRow,
  type DocWindow,
  type StoredDoc,
} from './ns-documents';
export {
  deleteEntries,
  ENTRY_HOUR_COLUMNS,
  entriesModifiedSql,
  entryDoc,
  entryHourOf,
  entryHoursSql,
  entryHoursWrites,
  entryKeysSql,
  entryItem,
  entryRowsSql,
  hintedHours,
  hoursOf,
  type EntryDoc,
  type EntryHours,
  type EntryItem,
  type HourRow,
} from './ns-entry-store';
export { entryName, entryUuidOf, numberedEntryId, uuidOf } from './ns-entry-ids';
export { documentRecords, pumpSuspended, type NsDoc } from './ns-records';
export { isTempBasal, tempBasalRecord, tempEnd } from './ns-temp-basal';
export { isDocumentSerial, NS_SERIAL, NS_SERIALS_SQL } from './ns-serial';
