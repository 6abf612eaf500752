import { ErrorCode, MAX_RANGE_DAYS_LONG, MAX_RANGE_DAYS_SHORT, MESSAGES } from '@cgm/domain';
import type { ClinicalEvent, EventsQuery, EventsResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError, fail } from '../../platform/http/api-error';
import { InputProblems } from '../../platform/http/input-problems';
import { newId } from '../../platform/lib/crypto';
import { assertMayAccessPatient, mayAccessPatient } from '../../access/patient-data';
import { recordHcpChange, type CallSite } from '../../access/operation-history';
import { createEventsRepository, type EventValues } from './events.repository';
import { toClinicalEvent, toStoredEvent, type ParsedEventInput } from './event-values';

const DAY_MS = 86_400_000;

/** Device data is kept as recorded: only events people entered may change (spec §3 "source"). */
const deviceEventLocked = () => new ApiError(ErrorCode.FORBIDDEN, { message: 'events.problem.deviceEvent' });

/** An event's values as the operation history keeps them (times as ISO instants). */
function historyValues(v: EventValues): Record<string, unknown> {
  return {
    type: v.eventType,
    time: v.time.toISOString(),
    utc_offset_min: v.utcOffsetMin,
    value: v.value,
    details: v.details ?? null,
    notes: v.notes,
  };
}

/** The fields an edit changed, each with its value before and after. */
export function changedEventValues(before: EventValues, after: EventValues) {
  const a = historyValues(before);
  const b = historyValues(after);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changes[key] = { from: a[key], to: b[key] };
  }
  return changes;
}

/**
 * A patient's events (spec §3 "Events", §7 events/{id}): the list by date range and type, and the
 * events people enter, edit and delete. The route's policy already allowed the caller for the
 * patient in the URL; every statement here also names that patient, so an event id of another
 * patient is never read or changed, whatever the caller may do elsewhere.
 */
export function createEventsService(ctx: AppContext) {
  const repo = createEventsRepository(ctx.db);

  function range(query: EventsQuery): { from: number; to: number } {
    const to = query.to ?? ctx.clock.now().getTime();
    const from = query.from ?? to - MAX_RANGE_DAYS_SHORT * DAY_MS;
    const problems = new InputProblems();
    problems.check(from < to, 'to', MESSAGES.endBeforeStart);
    problems.check(to - from <= MAX_RANGE_DAYS_LONG * DAY_MS, 'from', MESSAGES.moreThan90Days);
    problems.throwIfAny();
    return { from, to };
  }

  function parseAll(inputs: readonly ParsedEventInput[], prefix: (i: number) => string): EventValues[] {
    const now = ctx.clock.now().getTime();
    const problems = new InputProblems();
    const stored = inputs.map((input, i) => toStoredEvent(input, now, problems, prefix(i)));
    problems.throwIfAny();
    return stored as EventValues[];
  }

  /** Every id must be a live event of this patient, else nothing changes (404: no partial work). */
  async function assertChangeable(
    r: ReturnType<typeof createEventsRepository>,
    patientId: string,
    eids: readonly string[],
  ): Promise<void> {
    const found = await r.findLive(patientId, eids);
    const ids = new Set(found.map((f) => f.id));
    if (eids.some((eid) => !ids.has(eid))) fail(ErrorCode.NOT_FOUND);
    if (found.some((f) => f.origin !== 'user')) throw deviceEventLocked();
  }

  return {
    async list(actor: Actor, patientId: string, query: EventsQuery): Promise<EventsResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const { from, to } = range(query);
      const types = query.types ? [...new Set(query.types.split(','))] : null;
      const [rows, mayEdit] = await Promise.all([
        repo.list(patientId, new Date(from), new Date(to), types),
        mayAccessPatient(ctx.db, actor, patientId, 'clinical'),
      ]);
      return { error: 0, from, to, events: rows.map(toClinicalEvent), may_edit: mayEdit };
    },

    /** An HCP's change is written to the operation history in the change's own transaction. */
    async add(
      actor: Actor,
      patientId: string,
      inputs: readonly ParsedEventInput[],
      site: CallSite,
    ): Promise<string[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const values = parseAll(inputs, (i) => `data.${i}.`);
      const rows = values.map((v) => ({ ...v, id: newId(), patientId, createdBy: actor.userId }));
      await ctx.db.transaction(async (tx) => {
        await createEventsRepository(tx).insert(rows);
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'events.add',
          detail: {
            eids: rows.map((r) => r.id),
            values: rows.map((r) => ({ eid: r.id, ...historyValues(r) })),
          },
        });
      });
      return rows.map((r) => r.id);
    },

    async remove(actor: Actor, patientId: string, eids: readonly string[], site: CallSite): Promise<number> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const unique = [...new Set(eids)];
      return ctx.db.transaction(async (tx) => {
        const txRepo = createEventsRepository(tx);
        await assertChangeable(txRepo, patientId, unique);
        const deleted = await txRepo.softDelete(patientId, unique, actor.userId, ctx.clock.now());
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'events.delete',
          detail: { eids: unique },
        });
        return deleted;
      });
    },

    async edit(
      actor: Actor,
      patientId: string,
      eid: string,
      input: ParsedEventInput,
      site: CallSite,
    ): Promise<ClinicalEvent> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const [values] = parseAll([input], () => '');
      await ctx.db.transaction(async (tx) => {
        const txRepo = createEventsRepository(tx);
        await assertChangeable(txRepo, patientId, [eid]);
        const before = (await txRepo.one(patientId, eid))!.event;
        await txRepo.update(patientId, eid, values!, actor.userId, ctx.clock.now());
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'events.edit',
          detail: { eid, changes: changedEventValues(before, values!) },
        });
      });
      const row = await repo.one(patientId, eid);
      if (!row) return fail(ErrorCode.NOT_FOUND);
      return toClinicalEvent(row);
    },
  };
}
