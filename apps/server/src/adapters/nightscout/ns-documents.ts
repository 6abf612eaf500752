import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { ownDeviceStatusSql } from './ns-doc-devicestatus';
import { ownEntriesSql, type DocWindow } from './ns-doc-entries';
import { entryRowsSql } from './ns-entry-store';
import { ownTreatmentsSql } from './ns-doc-treatments';

// The one serializer of the patient's data as Nightscout documents: the documents uploaded through
// the Nightscout API as they were stored, and the portal's own and imported records made into
// documents (ns-doc-*.ts). The Nightscout API reads its collections here (modules/nightscout), and
// the file export writes the same documents (modules/imports), so a follower and a file see one
// document per record, field by field the same.

export type { DocWindow } from './ns-doc-entries';
export type NsDocument = Record<string, unknown>;

/** The collections that hold the patient's timeline (an export writes these). */
export const TIMELINE_COLLECTIONS = ['entries', 'treatments', 'devicestatus'] as const;

/** A document with the server's fields, as the document rows below give it. */
export interface StoredDoc {
  id: string;
  identifier: string;
  seq: number;
  date: number;
  srvModified: number;
  srvCreated: number;
  deleted: boolean;
  doc: NsDocument;
}

/** A document row: stored documents have their seq (≥ 0); documents made by the portal −1. */
export interface DocRow {
  id: string;
  identifier: string;
  seq: string | number;
  date: string | Date;
  doc: NsDocument;
  srv_modified: string | number;
  srv_created: string | number;
  deleted: boolean;
}

/**
 * The document rows of a collection, as one SQL source of columns (id, seq, identifier, date, doc,
 * srv_modified, srv_created, deleted). Entries also include the patient's realtime and imported
 * sensor readings as sgv entries (uploaded entries are stored compactly: ns-entry-store.ts), device status the realtime pump's status and treatments the
 * realtime and imported insulin, finger-sticks, events and device changes, so follower apps see the
 * portal's own live data and imported files, not only what was uploaded as documents.
 */
export function documentRowsSql(
  patientId: string,
  collection: string,
  includeDeleted: boolean,
  window: DocWindow = {},
): SQL {
  const stored = sql`select id, seq, identifier, date, doc, srv_modified, srv_created, deleted from nightscout_documents
    where patient_id = ${patientId} and collection = ${collection} ${includeDeleted ? sql`` : sql`and not deleted`}`;
  if (collection === 'devicestatus') return sql`${stored} union all ${ownDeviceStatusSql(patientId)}`;
  if (collection === 'treatments')
    return sql`${stored} union all ${ownTreatmentsSql(patientId, includeDeleted)}`;
  if (collection !== 'entries') return stored;
  return sql`${entryRowsSql(patientId, includeDeleted, window)} union all ${ownEntriesSql(patientId, window)}`;
}

export const toStoredDoc = (r: DocRow): StoredDoc => ({
  id: r.id,
  identifier: r.identifier,
  seq: Number(r.seq),
  date: new Date(r.date).getTime(),
  srvModified: Number(r.srv_modified),
  srvCreated: Number(r.srv_created),
  deleted: r.deleted,
  doc: r.doc,
});

/** A document as the API shows it (v3 adds its server fields). */
export function presentDoc(d: StoredDoc, v3 = false): NsDocument {
  const doc: NsDocument = { _id: d.id, ...d.doc };
  if (v3) {
    doc.identifier = d.identifier;
    doc.srvModified = d.srvModified;
    doc.srvCreated = d.srvCreated;
    if (d.deleted) doc.isValid = false;
  }
  return doc;
}

/**
 * The documents of [from, to) of each timeline collection, oldest first, as Nightscout's v1 API
 * shows them: what the portal's export writes to a file.
 */
export async function timelineDocuments(
  db: Db,
  patientId: string,
  from: number,
  to: number,
): Promise<Record<(typeof TIMELINE_COLLECTIONS)[number], NsDocument[]>> {
  const read = async (collection: string) => {
    const rows = (
      (await db.execute(sql`select * from (${documentRowsSql(patientId, collection, false, { from, to })}) d
        where d.date >= ${new Date(from).toISOString()}::timestamptz and d.date < ${new Date(to).toISOString()}::timestamptz
        order by d.date, d.srv_modified, d.id`)) as { rows?: DocRow[] }
    ).rows;
    return (rows ?? []).map((r) => presentDoc(toStoredDoc(r)));
  };
  const [entries, treatments, devicestatus] = await Promise.all(TIMELINE_COLLECTIONS.map(read));
  return { entries: entries!, treatments: treatments!, devicestatus: devicestatus! };
}
