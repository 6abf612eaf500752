import type { RecordKind } from '@cgm/domain';

// What the operation history's "Details" column says about a recorded operation, in the reader's
// language. The server records what it needs for the audit (record ids, the list query, the ids
// of the patients a list page showed, values before and after an edit); a reader needs the gist:
// how many, which search, which event or record, which fields changed. Ids are left out: they
// mean nothing to a person and the row already names the patient.

type T = (key: string, opts?: Record<string, unknown>) => string;
type Detail = Record<string, unknown>;

/** Keys that only carry ids (or the route, which the operation's name already says). */
const HIDDEN = new Set(['method', 'route', 'eid', 'eids', 'rid', 'rids', 'clinicId', 'previousClinicId']);

/** Record kinds as the server stores them (every kind of the domain) → the records screen's section titles. */
const RECORD_KINDS: Record<RecordKind, string> = {
  complication: 'records.complications',
  concomitant: 'records.concomitant',
  prescription: 'records.prescriptions',
  suggestion: 'records.suggestions',
  note: 'records.notes',
};

/** Fields an event or record edit may change → their labels on the screens that edit them. */
const FIELDS: Record<string, string> = {
  type: 'events.field.type',
  time: 'events.field.date',
  utc_offset_min: 'events.field.date',
  value: 'events.field.value',
  details: 'events.field.details',
  notes: 'events.field.notes',
  recorded_at: 'events.field.date',
  data: 'history.detail.content',
};

const isObject = (v: unknown): v is Detail => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function kindLabel(kind: unknown, t: T): string | null {
  return typeof kind === 'string'
    ? t(RECORD_KINDS[kind as RecordKind] ?? kind, { defaultValue: kind })
    : null;
}

/** One added event or record, in words: "Carbohydrates 45 — Pasta lunch", "Notes: Call Tuesday". */
function valueText(v: unknown, t: T): string | null {
  if (!isObject(v)) return null;
  if (typeof v.type === 'string') {
    const value = typeof v.value === 'number' ? ` ${v.value}` : '';
    const notes = str(v.notes);
    return `${t(`events.type.${v.type}`, { defaultValue: v.type })}${value}${notes ? ` — ${notes}` : ''}`;
  }
  const kind = kindLabel(v.kind, t);
  if (!kind) return null;
  const data = isObject(v.data) ? v.data : {};
  const disease = str(data.disease);
  const what = disease
    ? t(`records.disease.${disease}`, { defaultValue: disease })
    : (str(data.medicine) ?? str(data.text));
  return what ? `${kind}: ${what}` : kind;
}

const STATUSES = new Set(['active', 'disabled', 'pending', 'rejected']);

/** A member's status in words; anything else (a date of a range) as recorded. */
function statusText(v: unknown, t: T): string {
  return typeof v === 'string' && STATUSES.has(v) ? t(`careTeam.status.${v}`) : String(v);
}

/** The parts of the detail worth reading, each already in the reader's language. */
export function detailParts(detail: Detail | null, t: T): string[] {
  if (!detail) return [];
  const out: string[] = [];
  for (const [key, v] of Object.entries(detail)) {
    if (HIDDEN.has(key) || v === null || v === undefined) continue;
    switch (key) {
      case 'shown':
        if (Array.isArray(v)) out.push(t('history.detail.shown', { count: v.length }));
        break;
      case 'query':
        if (isObject(v)) {
          if (typeof v.page === 'number') out.push(t('history.detail.page', { page: v.page }));
          if (str(v.q)) out.push(t('history.detail.search', { text: v.q }));
          if (str(v.diabetes_type)) out.push(t(`profile.diabetesType.${String(v.diabetes_type)}`));
        }
        break;
      case 'values':
        if (Array.isArray(v)) for (const item of v) out.push(valueText(item, t) ?? '');
        break;
      case 'kind':
        out.push(kindLabel(v, t) ?? '');
        break;
      case 'kinds':
        if (Array.isArray(v)) out.push([...new Set(v.map((k) => kindLabel(k, t)))].join(', '));
        break;
      case 'changes':
        if (isObject(v)) {
          const fields = [...new Set(Object.keys(v).map((f) => (FIELDS[f] ? t(FIELDS[f]) : f)))];
          if (fields.length) out.push(t('history.detail.changed', { fields: fields.join(', ') }));
        }
        break;
      case 'patients':
        if (Array.isArray(v)) out.push(t('history.detail.patients', { count: v.length }));
        break;
      case 'purged':
        if (v === true) out.push(t('history.detail.purged'));
        break;
      case 'username':
        out.push(`${t('careTeam.col.username')}: ${String(v)}`);
        break;
      case 'major':
        out.push(
          `${t('careTeam.col.profession')}: ${t(`profile.profession.${String(v)}`, { defaultValue: String(v) })}`,
        );
        break;
      case 'from':
        // A status change (active → disabled) or a date range (2026-11-01 → 2026-11-14).
        out.push(`${statusText(v, t)} → ${statusText(detail.to, t)}`);
        break;
      case 'to':
        if (!('from' in detail)) out.push(`→ ${statusText(v, t)}`);
        break;
      default:
        out.push(`${key}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    }
  }
  return out.filter((p) => p !== '');
}

/** The details as one line ("" when nothing is worth showing). */
export function detailText(detail: Detail | null, t: T): string {
  return detailParts(detail, t).join(' · ');
}
