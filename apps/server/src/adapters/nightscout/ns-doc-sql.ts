import { sql, type SQL } from 'drizzle-orm';
import { BASAL_CODES, type BasalKind } from '@cgm/domain';
import { IMPORTED_SERIAL_PREFIX } from '../../patient-data';

// SQL pieces shared by the documents the Nightscout API makes from the portal's own device data
// (source 'realtime': the sensor and patch apps) and from records imported from files (which,
// unlike uploaded Nightscout documents, have no document of their own). Each such document is a
// row of the same shape as a stored document (id, seq, identifier, date, doc, srv_modified,
// srv_created, deleted), with seq −1 so that deletes through the API never reach it (the portal
// owns that data, not the client).

/** An imported row (serial 'import:…', file-import); rows of Nightscout documents are 'nightscout…'. */
export const importedSql = (alias: string): SQL =>
  sql.raw(`${alias}.serial like '${IMPORTED_SERIAL_PREFIX}%'`);

/** The rows of a device table a follower gets as documents made by the portal: own and imported. */
export const servedSql = (alias: string): SQL =>
  sql`(${sql.raw(alias)}.source = 'realtime' or ${importedSql(alias)})`;

/** What the documents of the portal's own devices name as their device and their author. */
export const OWN_DEVICE = 'CGM Portal';
/** The same as an SQL literal: a parameter inside jsonb_build_object would have no type. */
export const OWN_DEVICE_SQL = sql.raw(`'${OWN_DEVICE}'`);

/** Epoch milliseconds of a timestamptz expression. */
export const msOf = (expr: string): SQL => sql.raw(`(extract(epoch from ${expr}) * 1000)::bigint`);

/** Nightscout's UTC ISO time with milliseconds of a timestamptz expression. */
export const isoOf = (expr: string): SQL =>
  sql.raw(`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A stable 24-hex id (the shape of Nightscout's ObjectId) from the row's identity. Each kind of row
 * has its own prefix: a bolus and a basal row of one pump may share serial and seq.
 */
export const ridOf = (prefix: string, identity: string): SQL =>
  sql.raw(`substr(md5('${prefix}:' || ${identity}), 1, 24)`);

/** A JSON number of the JSON value, or SQL null when it is not a number. */
export const jsonNumber = (json: string): SQL =>
  sql.raw(`(case when jsonb_typeof(${json}) = 'number' then ${json} end)`);

/** `(code1, code2, …)` of the domain's basal codes of these kinds, for `code in …`. */
export function basalCodesIn(...kinds: BasalKind[]): SQL {
  const codes = BASAL_CODES.filter((c) => kinds.includes(c.kind)).map((c) => `'${c.code}'`);
  return sql.raw(`(${codes.join(', ')})`);
}

/**
 * The columns of a document row, for one source table. `time` is the document's time, `modified`
 * an expression for srvModified (and srvCreated), `deleted` for a tombstone.
 */
export function ownRow(parts: { id: SQL; time: string; doc: SQL; modified: SQL; deleted?: SQL }): SQL {
  return sql`${parts.id}, -1, ${parts.id}, ${sql.raw(parts.time)}, jsonb_strip_nulls(${parts.doc}),
    ${parts.modified}, ${parts.modified}, ${parts.deleted ?? sql`false`}`;
}

/** The fields every document of the portal's own devices has: ids, times and offset. */
export const commonFields = (id: SQL, time: string, offset: string): SQL =>
  sql`'_id', ${id}, 'identifier', ${id}, 'created_at', ${isoOf(time)}, 'date', ${msOf(time)},
    'utcOffset', ${sql.raw(offset)}`;
