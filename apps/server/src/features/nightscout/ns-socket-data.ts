import type { AppContext } from '../../platform/context';
import type { NsPrincipal } from '../../access/nightscout-principal';
import type { Doc } from './ns-docs';
import { presentDoc } from '../../adapters/nightscout';
import { findDocs, type StoredDoc } from './ns-documents.repository';
import type { Collection } from './ns-query';

// The `dataUpdate` of Nightscout's root socket namespace (lib/data/ddata.js, calcdelta.js): the
// readings split into sgvs, mbgs and cals with `mgdl` and `mills`, the other documents with `mills`;
// a delta names removed documents `{_id, mills, action: 'remove'}`.

const SNAPSHOT_LIMIT = 20_000;

type V1Data = Record<string, unknown>;

function millsOf(col: Collection, d: StoredDoc): number {
  return col === 'entries' ? Number(d.doc.date ?? d.date) : d.date;
}

function addDoc(out: Record<string, Doc[]>, col: Collection, d: StoredDoc): void {
  const mills = millsOf(col, d);
  if (d.deleted) {
    const key = col === 'entries' ? 'sgvs' : col === 'profile' ? 'profiles' : col;
    (out[key] ??= []).push({ _id: d.id, mills, action: 'remove' });
    return;
  }
  const doc = presentDoc(d) as Doc;
  if (col === 'entries') {
    const type = String(doc.type ?? 'sgv');
    if (type === 'sgv') (out.sgvs ??= []).push({ ...doc, mgdl: doc.sgv, mills });
    else if (type === 'mbg') (out.mbgs ??= []).push({ ...doc, mgdl: doc.mbg, mills });
    else if (type === 'cal') (out.cals ??= []).push({ ...doc, mills });
    return;
  }
  const key = col === 'profile' ? 'profiles' : col;
  (out[key] ??= []).push({ ...doc, mills });
}

const byMills = (a: Doc, b: Doc) => Number(a.mills) - Number(b.mills);

/** Everything of the last `hours` (profiles: all), oldest first, as the first `dataUpdate`. */
export async function v1Snapshot(
  ctx: AppContext,
  p: NsPrincipal,
  nowMs: number,
  hours: number,
): Promise<V1Data> {
  const from = String(nowMs - hours * 3_600_000);
  const out: Record<string, Doc[]> = {
    sgvs: [],
    mbgs: [],
    cals: [],
    treatments: [],
    devicestatus: [],
    profiles: [],
  };
  for (const col of ['entries', 'treatments', 'devicestatus'] as const) {
    const field = col === 'entries' ? 'date' : 'created_at';
    const docs = await findDocs(ctx.db, p.patientId, col, [{ field, op: '$gte', values: [from] }], {
      limit: SNAPSHOT_LIMIT,
    });
    for (const d of docs) addDoc(out, col, d);
  }
  for (const d of await findDocs(ctx.db, p.patientId, 'profile', [], { limit: 100 }))
    addDoc(out, 'profile', d);
  for (const list of Object.values(out)) list.sort(byMills);
  return { ...out, lastUpdated: nowMs };
}

/** The changed documents as a delta `dataUpdate`. */
export function v1Delta(changes: Map<Collection, StoredDoc[]>, nowMs: number): V1Data {
  const out: Record<string, Doc[]> = {};
  for (const [col, docs] of changes) for (const d of docs) addDoc(out, col, d);
  for (const list of Object.values(out)) list.sort(byMills);
  return { delta: true, lastUpdated: nowMs, ...out };
}
