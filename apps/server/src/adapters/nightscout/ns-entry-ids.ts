import { hash } from 'node:crypto';

// The `_id` and identifier the portal gives an entry whose client named none. Both carry the
// entry's time (an ObjectId its seconds, a UUIDv7 its milliseconds), so either tells which hour row
// holds the entry (ns-entry-store.ts hourHint); and both are made again, here and in SQL
// (ns-entry-plain.ts), from what a plain entry's hour keeps: its time, document number and device.

/** The prefix of every hashed name, so SQL makes the same identifier (sgvEntryIdentSql). */
export const ENTRY_NAME_PREFIX = 'cgm-portal-ns:';

/** A name-based UUID (like v3's UUIDv5 of device + date + eventType), stable across resends. */
export function uuidOf(name: string): string {
  const h = hash('sha1', ENTRY_NAME_PREFIX + name, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * An entry's identifier when the client gave none: a UUIDv7 whose time is the entry's and whose
 * other bits are the MD5 of the name (device, time and type), stable across resends. MD5 because
 * PostgreSQL has it built in (entryIdentSql). A time a UUIDv7 cannot hold gets uuidOf.
 */
export function entryUuidOf(timeMs: number, name: string): string {
  if (!(timeMs >= 0 && timeMs < 2 ** 48 && Number.isInteger(timeMs))) return uuidOf(name);
  const h = hash('md5', ENTRY_NAME_PREFIX + name, 'hex');
  // Made by concatenation, not slices of a 12-digit hex time: a third faster, for every entry of a write.
  const high = Math.floor(timeMs / 65_536);
  return (
    high.toString(16).padStart(8, '0') +
    '-' +
    (timeMs - high * 65_536).toString(16).padStart(4, '0') +
    '-7' +
    h.substring(13, 16) +
    '-' +
    VARIANT[parseInt(h[16]!, 16)]! +
    h.substring(17, 20) +
    '-' +
    h.substring(20, 32)
  );
}

/** The variant nibble (10xx) of a hex digit's low two bits. */
const VARIANT = '89ab89ab89ab89ab';

/** The name an entry's identifier is made of: device (none: ''), time and type. */
export const entryName = (timeMs: number, device: string | undefined, type: string) =>
  `${device ?? ''}_${timeMs}_${type}`;

/**
 * The `_id` of an entry the portal numbered: an ObjectId of the entry's seconds and its document
 * number (unique per database, so the `_id` is too). Null for a time an ObjectId cannot hold.
 */
export function numberedEntryId(timeMs: number, seq: number): string | null {
  const seconds = Math.floor(timeMs / 1000);
  if (!(seconds >= 0 && seconds < 2 ** 32) || !Number.isSafeInteger(seq) || seq < 0) return null;
  return seconds.toString(16).padStart(8, '0') + seq.toString(16).padStart(16, '0');
}

/** numberedEntryId in SQL, of an epoch-ms expression and a document number. */
export const numberedEntryIdSql = (t: string, seq: string) =>
  `(lpad(to_hex(floor((${t}) / 1000)::bigint), 8, '0') || lpad(to_hex(${seq}), 16, '0'))`;

/**
 * entryUuidOf(t, entryName(t, device, 'sgv')) in SQL, of an epoch-ms expression and a device (or null):
 * `lateral` names the name's hash `h` and the time's hex `th` (a lateral subquery), `ident` is made
 * of them.
 */
export function sgvEntryIdentSql(t: string, device: string): { lateral: string; ident: string } {
  return {
    lateral: `(select md5('${ENTRY_NAME_PREFIX}' || coalesce(${device}, '') || '_' || (${t})::text || '_sgv') as h,
      lpad(to_hex((${t})::bigint), 12, '0') as th)`,
    ident: `(substr(th, 1, 8) || '-' || substr(th, 9, 4) || '-7' || substr(h, 14, 3) || '-'
      || substr('89ab', (('x' || substr(h, 17, 1))::bit(4)::int & 3) + 1, 1) || substr(h, 18, 3) || '-'
      || substr(h, 21, 12))`,
  };
}
