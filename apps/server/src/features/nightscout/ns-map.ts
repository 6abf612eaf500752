import type { DeviceRecord } from '@cgm/contract';
import { UPLOADED_SERIAL_PREFIX } from '../../patient-data';
import { documentRecords } from '../../adapters/nightscout/ns-records';
import type { Doc } from './ns-docs';
import type { Collection } from './ns-query';

// Stored Nightscout documents → the portal's device records (what each document means:
// adapters/nightscout/ns-records.ts). Each record carries serial 'nightscout' and the document's
// seq: the link that lets an update or delete of the document replace or remove exactly what it
// produced.

export const NS_SERIAL = 'nightscout';
/** Rows made from documents: the NS_SERIAL, or (sensor readings) the uploading device after it. */
export const NS_SERIALS_SQL = `(serial = '${NS_SERIAL}' or serial like '${UPLOADED_SERIAL_PREFIX}%')`;
/** NS_SERIALS_SQL for a serial already read. */
export const isDocumentSerial = (serial: string) =>
  serial === NS_SERIAL || serial.startsWith(UPLOADED_SERIAL_PREFIX);

/** A document's sensor readings: a source per uploading device, after the Nightscout prefix. */
const sgSerial = (device: string) => `${UPLOADED_SERIAL_PREFIX}${device}`.slice(0, 64).trim();

export function toRecords(
  collection: Collection,
  doc: Doc,
  seq: number,
  time: number,
  offset: number,
): DeviceRecord[] {
  return documentRecords(collection, doc, { serial: NS_SERIAL, seq, time, utc_offset_min: offset }, sgSerial);
}
