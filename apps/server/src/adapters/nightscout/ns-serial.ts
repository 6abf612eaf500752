import { UPLOADED_SERIAL_PREFIX } from '../../patient-data';

// The serials of the rows made from Nightscout documents (features/nightscout/ns-map.ts makes
// them); the PDM's settings read them too, so they live with the protocol, not with one feature.

export const NS_SERIAL = 'nightscout';
/** Rows made from documents: the NS_SERIAL, or (sensor readings) the uploading device after it. */
export const NS_SERIALS_SQL = `(serial = '${NS_SERIAL}' or serial like '${UPLOADED_SERIAL_PREFIX}%')`;
/** NS_SERIALS_SQL for a serial already read. */
export const isDocumentSerial = (serial: string) =>
  serial === NS_SERIAL || serial.startsWith(UPLOADED_SERIAL_PREFIX);
