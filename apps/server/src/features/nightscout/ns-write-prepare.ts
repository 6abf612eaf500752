import type { DeviceRecord } from '@cgm/contract';
import { textProblem } from '../../patient-data';
import { normalise, type Normalised } from './ns-docs';
import { toRecords } from './ns-map';
import type { Collection } from './ns-query';

// A Nightscout batch made ready to decide on: each input normalised or refused with its reason, and
// the portal records made from documents.

export interface Prepared {
  /** Per input: the normalised document, or why it is refused. */
  normalised: Array<Normalised | string>;
  good: Normalised[];
}

export function prepareDocs(collection: Collection, inputs: readonly unknown[], nowMs: number): Prepared {
  // A string PostgreSQL cannot store (a NUL byte, an unpaired surrogate) refuses its document
  // alone; stored, it would fail the whole batch. textProblem clears a clean document in one pass.
  const normalised = inputs.map((i) => {
    const text = textProblem(i);
    return text ? `${text.path.slice(1) || 'document'}: ${text.message}` : normalise(collection, i, nowMs);
  });
  return { normalised, good: normalised.filter((n): n is Normalised => typeof n !== 'string') };
}

/** The portal records made from stored documents, each with the index of the document it came from. */
export function recordsOf(collection: Collection, made: readonly Normalised[]) {
  const records: DeviceRecord[] = [];
  const madeFrom: number[] = [];
  made.forEach((n, k) => {
    for (const r of toRecords(collection, n.doc, 0, n.date, n.utcOffsetMin)) {
      records.push(r);
      madeFrom.push(k);
    }
  });
  return { records, madeFrom };
}
