import { checkDataOptionRanges, ErrorCode, findOverlap, MESSAGES, type TimeRange } from '@cgm/domain';
import type { DataOption, DataOptionsRequest } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { fail } from '../../platform/http/api-error';
import { InputProblems, type InputDetail } from '../../platform/http/input-problems';
import { assertMayAccessPatient } from '../../access/patient-data';
import { createDataOptionsRepository, type OptionRangeRow } from './data-options.repository';

const KINDS = ['cgms', 'pump'] as const;
const OPTIONS = ['daopapp', 'pdm'] as const;

/** Every range of one device kind across all options, with its request path; an open end is +∞. */
function rangesOf(options: readonly DataOption[], kind: (typeof KINDS)[number]) {
  return options.flatMap((o, i) =>
    o[kind].map((r, j) => ({
      path: `options.${i}.${kind}.${j}`,
      range: { start: r.start, end: r.end ?? Number.POSITIVE_INFINITY } satisfies TimeRange,
    })),
  );
}

/**
 * Data options (spec §3 options, §4 "Data option", §5, §8): which source (the realtime apps,
 * `daopapp`, or the PDM) feeds the sensor (cgms) and pump data over which time. At any instant one
 * source feeds each kind, so no two cgms ranges and no two pump ranges may overlap, whichever
 * options they belong to (error 34).
 */
export function createDataOptionsService(ctx: AppContext) {
  const repo = createDataOptionsRepository(ctx.db);

  function check(options: readonly DataOption[]): void {
    const cgms = rangesOf(options, 'cgms');
    const pump = rangesOf(options, 'pump');
    const verdict = checkDataOptionRanges({ cgms: cgms.map((c) => c.range), pump: pump.map((p) => p.range) });
    if (verdict.ok) return;
    if (verdict.problem === MESSAGES.timeOverlapped) {
      const details: InputDetail[] = [];
      for (const list of [cgms, pump]) {
        const pair = findOverlap(list.map((l) => l.range));
        if (pair)
          details.push(...pair.map((i) => ({ path: list[i]!.path, message: MESSAGES.timeOverlapped })));
      }
      fail(ErrorCode.TIME_OVERLAP, { details });
    }
    const problems = new InputProblems();
    for (const { path, range } of [...cgms, ...pump]) {
      problems.check(range.end > range.start, `${path}.end`, MESSAGES.endBeforeStart);
    }
    problems.throwIfAny();
  }

  async function list(patientId: string): Promise<DataOption[]> {
    const rows = await repo.list(patientId);
    return OPTIONS.filter((option) => rows.some((r) => r.option === option)).map((option) => {
      const of = (kind: OptionRangeRow['kind']) =>
        rows.filter((r) => r.option === option && r.kind === kind).map(({ start, end }) => ({ start, end }));
      return { option, cgms: of('cgms'), pump: of('pump') };
    });
  }

  return {
    async get(actor: Actor, patientId: string): Promise<DataOption[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      return list(patientId);
    },

    /** Only the patient decides where their data comes from. */
    async save(actor: Actor, patientId: string, input: DataOptionsRequest): Promise<DataOption[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'own');
      check(input.options);
      const rows = input.options.flatMap((o) =>
        KINDS.flatMap((kind) => o[kind].map((r) => ({ option: o.option, kind, start: r.start, end: r.end }))),
      );
      await repo.replace(patientId, rows);
      // Which source counts changed: the follower alerts look again at once (features/alerts).
      ctx.bus.publish(patientId, 0, 'access');
      return list(patientId);
    },
  };
}
