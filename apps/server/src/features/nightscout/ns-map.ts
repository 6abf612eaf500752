import type { DeviceRecord } from '@cgm/contract';
import { UPLOADED_SERIAL_PREFIX } from '../../patient-data';
import { documentRecords, NS_SERIAL } from '../../adapters/nightscout';
import type { Doc } from './ns-docs';
import type { Collection } from './ns-query';

// Stored Nightscout documents → the portal's device records (what each document means:
// adapters/nightscout/ns-records.ts). Each record carries serial 'nightscout' and the document's
// seq: the link that lets an update or delete of the document replace or remove exactly what it
// produced.

export { isDocumentSerial, NS_SERIAL, NS_SERIALS_SQL } from '../../adapters/nightscout';

/**
 * A document's sensor readings: a source per uploading device, after the Nightscout prefix, at
 * most 64 characters and never half of one (a cut emoji would be text the database cannot store,
 * and the reading refused). Kept for the devices seen last: a batch of a thousand has one.
 */
const serials = new Map<string, string>();
function sgSerial(device: string): string {
  let serial = serials.get(device);
  if (serial === undefined) {
    const full = `${UPLOADED_SERIAL_PREFIX}${device}`;
    const cut = full.length > 64 && /[\uD800-\uDBFF]/.test(full[63]!) ? 63 : 64;
    serial = full.slice(0, cut).trim();
    if (serials.size >= 1_000) serials.clear();
    serials.set(device, serial);
  }
  return serial;
}

export function toRecords(
  collection: Collection,
  doc: Doc,
  seq: number,
  time: number,
  offset: number,
): DeviceRecord[] {
  return documentRecords(collection, doc, { serial: NS_SERIAL, seq, time, utc_offset_min: offset }, sgSerial);
}
