import { isObjectId, offsetOf, timeOf, type Doc } from './ns-docs';
import type { Collection, Condition } from './ns-query';
import type { StoredDoc } from './ns-documents.repository';

// API v3's rules for what a client may write (lib/api3/generic/create, update, patch and
// shared/operationTools.js), kept apart from the routes: which documents are refused, which stored
// document a new one is (de-duplication), and which fields an update may not change.

/** Nightscout's earliest acceptable document time (2000-01-01) and its UTC offset bounds. */
const MIN_TIMESTAMP = 946_684_800_000;
const MAX_OFFSET_MIN = 1440;

/**
 * Fields a client may not change once stored (update/validate.js). `isValid` is left out: AndroidAPS
 * marks a treatment invalid by an update, and an invalid treatment must leave the portal's reports.
 */
const IMMUTABLE = ['identifier', 'date', 'utcOffset', 'eventType', 'device', 'app', 'srvCreated', 'subject'];

/** The document's time, read as v3 reads it (date, then the collection's own time fields). */
function docTime(collection: Collection, doc: Doc): number | null {
  const fields =
    collection === 'entries'
      ? [doc.date, doc.dateString, doc.sysTime]
      : collection === 'profile'
        ? [doc.date, doc.startDate, doc.created_at]
        : [doc.date, doc.created_at, doc.eventTime, doc.timestamp];
  for (const f of fields) {
    const t = timeOf(f);
    if (t !== null) return t;
  }
  return null;
}

/**
 * Why a document cannot be stored through v3, or null: an empty or non-object body, no readable time
 * after 2000, an unusable `utcOffset`, no `app` (validateCommon). `patch` checks only what it sends.
 */
export function v3Refusal(collection: Collection, body: unknown, patch = false): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0)
    return 'Bad or missing request body';
  const doc = body as Doc;
  const hasTime = ['date', 'created_at', 'dateString', 'sysTime', 'startDate', 'eventTime', 'timestamp'].some(
    (k) => doc[k] !== undefined,
  );
  if (!patch || hasTime) {
    const t = docTime(collection, doc);
    if (t === null || t <= MIN_TIMESTAMP) return 'Bad or missing date field';
  }
  if (doc.utcOffset !== undefined) {
    const o = doc.utcOffset;
    if (typeof o !== 'number' || !Number.isFinite(o) || Math.abs(o) > MAX_OFFSET_MIN)
      return 'Bad or missing utcOffset field';
  }
  if ((!patch || doc.app !== undefined) && (typeof doc.app !== 'string' || doc.app.trim() === ''))
    return 'Bad or missing app field';
  return null;
}

/** The fields that identify a document without an identifier (setup.js `dedupFallbackFields`). */
const FALLBACK: Record<Collection, readonly string[]> = {
  entries: ['date', 'type'],
  treatments: ['created_at', 'eventType'],
  devicestatus: ['created_at', 'device'],
  profile: ['created_at'],
  food: ['created_at'],
  settings: ['created_at'],
  activity: ['created_at'],
};

/**
 * The search for the stored document a v3 create is (identifyingFilter): by its identifier (or the
 * v1 `_id` it names), else by the fallback fields among documents stored without an identifier of
 * their own (v1 uploads), so a v1 treatment re-sent through v3 with a new identifier is one.
 * Entries are one per time and type whatever their identifier, as the v1 API stores them.
 */
export function twinSearches(collection: Collection, body: Doc): Condition[][] {
  const out: Condition[][] = [];
  const identifier = typeof body.identifier === 'string' && body.identifier !== '' ? body.identifier : null;
  const id = identifier ?? (isObjectId(body._id) ? body._id : null);
  if (id) out.push([{ field: '_id', op: '$eq', values: [id] }]);
  const t = docTime(collection, body);
  const fields = FALLBACK[collection];
  if (t === null) return out;
  const conditions: Condition[] = [];
  for (const f of fields) {
    if (f === 'date' || f === 'created_at') conditions.push({ field: f, op: '$eq', values: [String(t)] });
    else if (typeof body[f] === 'string' || (f === 'type' && collection === 'entries'))
      conditions.push({
        field: f,
        op: '$eq',
        values: [String(body[f] ?? (body.mbg !== undefined ? 'mbg' : 'sgv'))],
      });
  }
  if (conditions.length !== fields.length) return out;
  if (collection !== 'entries') conditions.push({ field: 'identifier', op: '$exists', values: ['false'] });
  out.push(conditions);
  return out;
}

/** The first fixed field an update would change, or null (update/validate.js). */
export function changedFixedField(collection: Collection, body: Doc, stored: StoredDoc): string | null {
  if (stored.deleted) return null;
  for (const field of IMMUTABLE) {
    const given = body[field];
    if (given === undefined) continue;
    if (field === 'identifier') {
      if (given !== stored.identifier) return field;
      continue;
    }
    if (field === 'date') {
      if (timeOf(given) !== stored.date) return field;
      continue;
    }
    if (field === 'srvCreated') {
      if (Number(given) !== stored.srvCreated) return field;
      continue;
    }
    const was = stored.doc[field];
    if (field === 'utcOffset' && was === undefined && offsetOf(stored.doc.created_at) === given) continue;
    if (was !== undefined && was !== given) return field;
  }
  return null;
}

/** An update keeps the stored document's fixed fields when the client leaves them out. */
export function withFixedFields(body: Doc, stored: StoredDoc): Doc {
  const out: Doc = { ...body };
  for (const field of ['eventType', 'device', 'app', 'utcOffset', 'type']) {
    if (out[field] === undefined && stored.doc[field] !== undefined) out[field] = stored.doc[field];
  }
  if (out.date === undefined && out.created_at === undefined && out.dateString === undefined)
    out.date = stored.date;
  return out;
}
