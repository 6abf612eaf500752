import { sql, type SQL } from 'drizzle-orm';

// Nightscout's query language (lib/server/query.js; v3 `field$op=value`) turned into SQL over the
// stored documents. Fields that are the document's time use the indexed `date` column; every other
// field is read from the JSON document.

/** The v3 collections, and v1's `activity`. */
export type Collection =
  'entries' | 'treatments' | 'devicestatus' | 'profile' | 'food' | 'settings' | 'activity';
/** The collections of API v3 (Nightscout's v3 has no `activity`). */
export const COLLECTIONS: readonly Collection[] = [
  'entries',
  'treatments',
  'devicestatus',
  'profile',
  'food',
  'settings',
];

/** The fields that are the document's time, per collection. */
const DATE_FIELDS: Record<Collection, readonly string[]> = {
  entries: ['date', 'dateString', 'sysTime', 'created_at'],
  treatments: ['created_at', 'timestamp', 'date', 'eventTime'],
  devicestatus: ['created_at', 'date'],
  profile: ['startDate', 'created_at', 'date'],
  food: ['created_at', 'date'],
  settings: ['created_at', 'date'],
  activity: ['created_at', 'date'],
};
/** Fields Nightscout casts to numbers before comparing. */
const NUMERIC_FIELDS: Record<string, readonly string[]> = {
  entries: ['sgv', 'mbg', 'filtered', 'unfiltered', 'rssi', 'noise', 'delta', 'trend'],
  treatments: ['insulin', 'carbs', 'glucose', 'duration', 'absolute', 'rate', 'percent'],
};

export interface Condition {
  field: string;
  op: string;
  values: string[];
  /** `$or` / `$and` (field and op): the groups, each a list of conditions that hold together. */
  groups?: Condition[][];
}

export const isDateField = (collection: Collection, field: string) => DATE_FIELDS[collection].includes(field);

/** A date value: epoch ms (float ms too), seconds-free ISO-8601 strings, or a bare date. */
export function parseDate(v: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(v.trim())) return Math.floor(Number(v));
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

const path = (field: string) =>
  sql.raw(
    `'{${field
      .split('.')
      .map((p) => p.replace(/[^\w-]/g, ''))
      .join(',')}}'`,
  );

function numberOf(v: string): number | null {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? n : null;
}

/** One condition as SQL over `date` and `doc`; null when the condition cannot match anything. */
export function conditionSql(collection: Collection, c: Condition, dateCol: SQL, docCol: SQL): SQL {
  const { field, op, values } = c;
  const v = values[0] ?? '';
  if (isDateField(collection, field) && op !== '$exists' && op !== '$regex') {
    const dates = values.map(parseDate);
    if (dates.some((d) => d === null)) return sql`false`;
    const at = (d: number | null) => sql`${new Date(d!).toISOString()}::timestamptz`;
    switch (op) {
      case '$gt':
        return sql`${dateCol} > ${at(dates[0]!)}`;
      case '$gte':
        return sql`${dateCol} >= ${at(dates[0]!)}`;
      case '$lt':
        return sql`${dateCol} < ${at(dates[0]!)}`;
      case '$lte':
        return sql`${dateCol} <= ${at(dates[0]!)}`;
      case '$ne':
        return sql`${dateCol} <> ${at(dates[0]!)}`;
      case '$in':
        return sql`(${sql.join(
          dates.map((d) => sql`${dateCol} = ${at(d)}`),
          sql` or `,
        )})`;
      case '$nin':
        return sql`not (${sql.join(
          dates.map((d) => sql`${dateCol} = ${at(d)}`),
          sql` or `,
        )})`;
      default:
        return sql`${dateCol} = ${at(dates[0]!)}`;
    }
  }
  const json = sql`(${docCol} #> ${path(field)})`;
  const text = sql`(${docCol} #>> ${path(field)})`;
  const numeric = NUMERIC_FIELDS[collection]?.includes(field) ?? false;
  const num = sql`(case when jsonb_typeof(${json}) = 'number' then (${text})::float8 when ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${text})::float8 end)`;
  const eqOne = (x: string): SQL => {
    const n = numberOf(x);
    if (numeric && n !== null) return sql`${num} = ${n}`;
    if (x === 'true' || x === 'false') return sql`(${text} = ${x})`;
    return sql`${text} = ${x}`;
  };
  const regex = /^\/(.*)\/([a-z]*)$/s.exec(v);
  switch (op) {
    case '$exists':
      return v === 'false' || v === '0' ? sql`${json} is null` : sql`${json} is not null`;
    case '$regex':
      return sql`${text} ~ ${v}`;
    case '$ne':
      return sql`(${text} is null or not (${eqOne(v)}))`;
    case '$in':
      return sql`(${sql.join(values.map(eqOne), sql` or `)})`;
    case '$nin':
      return sql`(${text} is null or not (${sql.join(values.map(eqOne), sql` or `)}))`;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const sym = sql.raw({ $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op]);
      const n = numberOf(v);
      return n !== null ? sql`${num} ${sym} ${n}` : sql`${text} ${sym} ${v}`;
    }
    default:
      // A `/pattern/flags` value is a regular expression, as Nightscout does for text fields.
      if (regex) return regex[2]!.includes('i') ? sql`${text} ~* ${regex[1]!}` : sql`${text} ~ ${regex[1]!}`;
      return eqOne(v);
  }
}

/** Whether the query bounds the document's time (if not, Nightscout adds the last 4 days). */
export const hasDateCondition = (collection: Collection, conditions: readonly Condition[]) =>
  conditions.some((c) => !c.groups && isDateField(collection, c.field));

/** Whether a database error is a regular expression of the query that the database cannot read. */
export function isBadPattern(e: unknown): boolean {
  for (
    let c: unknown = e, i = 0;
    c && typeof c === 'object' && i < 4;
    c = (c as { cause?: unknown }).cause, i++
  ) {
    if ((c as { code?: unknown }).code === '2201B') return true; // invalid_regular_expression
  }
  return false;
}

/** Nightscout's 400 for a query it cannot run. */
export const badPatternBody = {
  status: 400,
  message: 'Bad Request',
  description: 'The query has an invalid regular expression',
};
