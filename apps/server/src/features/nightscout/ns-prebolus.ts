import { timeOf, type Doc } from './ns-docs';

/**
 * Nightscout's `preBolus` (lib/server/treatments.js): a treatment whose carbs are eaten `preBolus`
 * minutes after its insulin is stored as two: the treatment without its carbs, and a record of the
 * same event type with the carbs (and notes) at the later time. The carbs then count when they were
 * eaten, not when the bolus was given. Each split document follows its original in the batch.
 */
export function splitPreBolus(inputs: readonly unknown[], nowMs: number): unknown[] {
  const out: unknown[] = [];
  for (const input of inputs) {
    out.push(input);
    if (!input || typeof input !== 'object' || Array.isArray(input)) continue;
    const doc = input as Doc;
    const minutes = Number(doc.preBolus);
    const carbs = Number(doc.carbs);
    if (!Number.isFinite(minutes) || minutes === 0 || !Number.isFinite(carbs) || carbs === 0) continue;
    const at = timeOf(doc.eventTime ?? doc.created_at ?? doc.timestamp ?? doc.date) ?? nowMs;
    const rest: Doc = { ...doc };
    delete rest.carbs;
    out[out.length - 1] = rest;
    out.push({
      created_at: new Date(at + minutes * 60_000).toISOString(),
      eventType: doc.eventType,
      carbs,
      ...(doc.notes !== undefined ? { notes: doc.notes } : {}),
    });
  }
  return out;
}
