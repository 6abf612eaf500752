import { ErrorCode, MAX_RANGE_DAYS_LONG, MAX_RANGE_DAYS_SHORT, MESSAGES } from '@cgm/domain';
import type { ClinicalEvent, EventsQuery, EventsResponse } from '@cgm/contract';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/auth';
import { ApiError, fail } from '../../http/api-error';
import { InputProblems } from '../../http/input-problems';
import { newId } from '../../lib/crypto';
import { assertMayAccessPatient, mayAccessPatient } from '../../policy/patient-data';
import { createEventsRepository, type EventValues } from './events.repository';
import { toClinicalEvent, toStoredEvent, type ParsedEventInput } from './event-values';

const DAY_MS = 86_400_000;

/** Device data is kept as recorded: only events people entered may change (spec §3 "source"). */
const deviceEventLocked = () => new ApiError(ErrorCode.FORBIDDEN, { message: 'events.problem.deviceEvent' });

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

    async add(actor: Actor, patientId: string, inputs: readonly ParsedEventInput[]): Promise<string[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const values = parseAll(inputs, (i) => `data.${i}.`);
      const rows = values.map((v) => ({ ...v, id: newId(), patientId, createdBy: actor.userId }));
      await repo.insert(rows);
      return rows.map((r) => r.id);
    },

    async remove(actor: Actor, patientId: string, eids: readonly string[]): Promise<number> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const unique = [...new Set(eids)];
      return ctx.db.transaction(async (tx) => {
        const txRepo = createEventsRepository(tx);
        await assertChangeable(txRepo, patientId, unique);
        return txRepo.softDelete(patientId, unique, actor.userId, ctx.clock.now());
      });
    },

    async edit(
      actor: Actor,
      patientId: string,
      eid: string,
      input: ParsedEventInput,
    ): Promise<ClinicalEvent> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const [values] = parseAll([input], () => '');
      await ctx.db.transaction(async (tx) => {
        const txRepo = createEventsRepository(tx);
        await assertChangeable(txRepo, patientId, [eid]);
        await txRepo.update(patientId, eid, values!, actor.userId, ctx.clock.now());
      });
      const row = await repo.one(patientId, eid);
      if (!row) return fail(ErrorCode.NOT_FOUND);
      return toClinicalEvent(row);
    },
  };
}
