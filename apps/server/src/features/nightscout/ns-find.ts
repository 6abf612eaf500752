import type { Condition } from './ns-query';

// Nightscout's query string (`find[...]`, read by `qs` into a MongoDB filter, lib/server/query.js)
// and v3's `field$op=value`, turned into conditions. The server's own query-string parser keeps
// the bracketed keys flat, so they are read here.

const OPS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex']);
const V3_OPS: Record<string, string> = {
  eq: '$eq',
  ne: '$ne',
  gt: '$gt',
  gte: '$gte',
  lt: '$lt',
  lte: '$lte',
  in: '$in',
  nin: '$nin',
  re: '$regex',
};

const asList = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');

/** `[field]`, `[field][$op]`, `[field][$op][]` or `[field][$op][i]` after `find` (or a group). */
const FIELD = /^\[([^\]$][^\]]*)\](?:\[(\$[a-z]+)\])?(?:\[(\d*)\])?$/;
/** `find[$or][i]…` / `find[$and][i]…`: a group of conditions that hold together. */
const GROUP = /^find\[\$(and|or)\]\[(\d+)\](.*)$/;

/**
 * Adds the conditions of one key. `$in`/`$nin` values of one field and operator are one list
 * whether sent as `a|b`, as repeated `[]` keys or as indexed `[0]`, `[1]` keys (as `qs` builds one
 * array of them); other repeated keys each apply.
 */
function addField(out: Condition[], rest: string, raw: unknown): void {
  const m = FIELD.exec(rest);
  if (!m) return;
  const field = m[1]!;
  const op = m[2] ?? '$eq';
  if (!OPS.has(op)) return;
  const values = asList(raw);
  if (op === '$in' || op === '$nin') {
    const list = values.flatMap((v) => v.split('|'));
    const same = out.find((c) => c.field === field && c.op === op && !c.groups);
    if (same) same.values.push(...list);
    else out.push({ field, op, values: list });
  } else for (const v of values) out.push({ field, op, values: [v] });
}

/**
 * `find[field]=v`, `find[field][$op]=v`, `find[field][$in][]=v` / `[$in][0]=v`, and the logical
 * groups `find[$or][i][field]…` (any group matches) and `find[$and][i][field]…` (every group
 * matches). A group is one condition at the top: like Nightscout, a date inside a group does not
 * lift the implicit 4-day window, which looks only at the top-level fields.
 */
export function parseV1Find(query: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  const groups = { or: new Map<number, Condition[]>(), and: new Map<number, Condition[]>() };
  for (const [key, raw] of Object.entries(query)) {
    const g = GROUP.exec(key);
    if (g) {
      const bucket = groups[g[1] as 'or' | 'and'];
      const index = Number(g[2]);
      const list = bucket.get(index) ?? [];
      bucket.set(index, list);
      addField(list, g[3]!, raw);
      continue;
    }
    if (key.startsWith('find[')) addField(out, key.slice('find'.length), raw);
  }
  for (const kind of ['or', 'and'] as const) {
    const parts = [...groups[kind].entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
    // A group whose keys were all unreadable would match everything: it is left out, as its keys are.
    const used = parts.filter((list) => list.length > 0);
    if (used.length) out.push({ field: `$${kind}`, op: `$${kind}`, values: [], groups: used });
  }
  return out;
}

/** v3 search: `field=v`, `field$op=v` (in/nin values separated by `|`). */
export function parseV3Filter(query: Record<string, unknown>, reserved: ReadonlySet<string>): Condition[] {
  const out: Condition[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const [field, op] = key.split('$') as [string, string | undefined];
    if (reserved.has(field) || field === '' || key.startsWith('sort')) continue;
    const mapped = op ? V3_OPS[op] : '$eq';
    if (!mapped) continue;
    for (const v of asList(raw)) {
      out.push({ field, op: mapped, values: mapped === '$in' || mapped === '$nin' ? v.split('|') : [v] });
    }
  }
  return out;
}
