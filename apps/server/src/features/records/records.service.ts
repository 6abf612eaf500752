import { ErrorCode, MESSAGES, normalizeDose } from '@cgm/domain';
import type {
  DiseaseRecord,
  PrescriptionRecord,
  RecordInput,
  RecordsEditRequest,
  RecordsResponse,
  TextRecord,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError, fail } from '../../platform/http/api-error';
import { InputProblems, isoDay } from '../../platform/http/input-problems';
import { newId } from '../../platform/lib/crypto';
import { assertMayAccessPatient, mayAccessPatient } from '../../access/patient-data';
import { recordHcpChange, type CallSite } from '../../access/operation-history';
import { createPatientProfileService } from './patient-profile.service';
import { createRecordsRepository, type RecordRow } from './records.repository';

type Repo = ReturnType<typeof createRecordsRepository>;
type ListedRow = Awaited<ReturnType<Repo['list']>>[number];

const isDisease = (kind: string) => kind === 'complication' || kind === 'concomitant';
const diseaseKey = (kind: string, data: unknown) => `${kind}:${(data as { disease?: string }).disease}`;

/**
 * The medical record (spec §3 "Records"; §7 records/{id}, /data/new, /data/delete, /data/edit):
 * the profile summary, complications and concomitant diseases (one row per disease), prescriptions,
 * suggestions and notes. Read by whoever may read the patient's data, kept by the care team.
 */
export function createRecordsService(ctx: AppContext) {
  const repo = createRecordsRepository(ctx.db);
  const profiles = createPatientProfileService(ctx);

  /** The kind's stored fields (insulin doses in 0.05 U steps) and its date checks (spec §5). */
  function normalize(input: RecordInput, problems: InputProblems, path: string): unknown {
    const today = isoDay(ctx.clock.now());
    if (input.kind === 'prescription') {
      const d = input.data;
      problems.pastDay(`${path}data.start`, d.start, '9999-12-31');
      if (d.end) problems.check(d.end >= d.start, `${path}data.end`, MESSAGES.endBeforeStart);
      return { ...d, dose: normalizeDose(d.dose, d.unit), end: d.end ?? null };
    }
    if (input.kind === 'complication' || input.kind === 'concomitant') {
      if (input.data.since) problems.pastDay(`${path}data.since`, input.data.since, today);
      return { disease: input.data.disease, since: input.data.since ?? null };
    }
    return input.data;
  }

  function meta(row: ListedRow) {
    const r = row.record;
    return {
      rid: r.id,
      recorded_at: r.recordedAt.getTime(),
      author_id: r.authorId,
      author_name: r.authorId ? row.authorName || row.authorUsername : null,
      updated_at: r.updatedAt ? r.updatedAt.getTime() : null,
    };
  }

  /** A disease may be recorded once per kind: a second box for the same disease would mislead. */
  async function assertNoDuplicate(r: Repo, patientId: string, keys: string[], except?: string) {
    const existing = (await r.diseases(patientId)).filter((d) => d.id !== except);
    const seen = new Set(existing.map((d) => diseaseKey(d.kind, d.data)));
    for (const key of keys) {
      if (seen.has(key)) throw new ApiError(ErrorCode.CONFLICT, { message: 'records.problem.duplicate' });
      seen.add(key);
    }
  }

  return {
    async get(actor: Actor, patientId: string): Promise<RecordsResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const [profile, rows, mayEdit] = await Promise.all([
        profiles.view(actor, patientId),
        repo.list(patientId),
        mayAccessPatient(ctx.db, actor, patientId, 'clinical'),
      ]);
      const of = <T>(kind: RecordRow['kind']) =>
        rows.filter((r) => r.record.kind === kind).map((r) => ({ ...meta(r), data: r.record.data }) as T);
      return {
        error: 0,
        profile,
        complications: of<DiseaseRecord>('complication'),
        concomitant: of<DiseaseRecord>('concomitant'),
        prescriptions: of<PrescriptionRecord>('prescription'),
        suggestions: of<TextRecord>('suggestion'),
        notes: of<TextRecord>('note'),
        may_edit: mayEdit,
      };
    },

    /** An HCP's change is written to the operation history in the change's own transaction. */
    async add(
      actor: Actor,
      patientId: string,
      inputs: readonly RecordInput[],
      site: CallSite,
    ): Promise<string[]> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const problems = new InputProblems();
      const data = inputs.map((input, i) => normalize(input, problems, `data.${i}.`));
      problems.throwIfAny();
      const now = ctx.clock.now();
      const rows = inputs.map((input, i) => ({
        id: newId(),
        patientId,
        kind: input.kind,
        data: data[i],
        authorId: actor.userId,
        recordedAt: input.recorded_at ? new Date(input.recorded_at) : now,
        createdAt: now,
      }));
      await ctx.db.transaction(async (tx) => {
        const r = createRecordsRepository(tx);
        const keys = inputs.filter((i) => isDisease(i.kind)).map((i) => diseaseKey(i.kind, i.data));
        await assertNoDuplicate(r, patientId, keys);
        await r.insert(rows);
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'records.add',
          detail: {
            rids: rows.map((row) => row.id),
            values: rows.map((row) => ({
              rid: row.id,
              kind: row.kind,
              data: row.data,
              recorded_at: row.recordedAt.toISOString(),
            })),
          },
        });
      });
      return rows.map((r) => r.id);
    },

    /**
     * All or none: an id that is not this patient's live record answers 404 and nothing is deleted.
     * The rows stay (deleted softly), so what was deleted can be accounted for.
     */
    async remove(actor: Actor, patientId: string, rids: readonly string[], site: CallSite): Promise<number> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const unique = [...new Set(rids)];
      return ctx.db.transaction(async (tx) => {
        const r = createRecordsRepository(tx);
        const found = await r.find(patientId, unique);
        if (found.length !== unique.length) fail(ErrorCode.NOT_FOUND);
        const deleted = await r.remove(patientId, unique, actor.userId, ctx.clock.now());
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'records.delete',
          detail: { rids: unique, kinds: found.map((f) => f.kind) },
        });
        return deleted;
      });
    },

    async edit(actor: Actor, patientId: string, input: RecordsEditRequest, site: CallSite): Promise<string> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'clinical');
      const problems = new InputProblems();
      const data = normalize(input, problems, '');
      problems.throwIfAny();
      await ctx.db.transaction(async (tx) => {
        const r = createRecordsRepository(tx);
        const [found] = await r.find(patientId, [input.rid]);
        if (!found) return fail(ErrorCode.NOT_FOUND);
        // A record keeps its kind: a note does not become a prescription.
        if (found.kind !== input.kind)
          fail(ErrorCode.INVALID_INPUT, {
            details: [{ path: 'kind', message: 'records.problem.kindChanged' }],
          });
        if (isDisease(input.kind))
          await assertNoDuplicate(r, patientId, [diseaseKey(input.kind, data)], input.rid);
        const recordedAt = input.recorded_at ? new Date(input.recorded_at) : found.recordedAt;
        await r.update(patientId, input.rid, { data, recordedAt }, actor.userId, ctx.clock.now());
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        if (JSON.stringify(found.data) !== JSON.stringify(data))
          changes.data = { from: found.data, to: data };
        if (found.recordedAt.getTime() !== recordedAt.getTime()) {
          changes.recorded_at = { from: found.recordedAt.toISOString(), to: recordedAt.toISOString() };
        }
        await recordHcpChange({ db: tx, clock: ctx.clock }, actor, site, {
          patientId,
          action: 'records.edit',
          detail: { rid: input.rid, kind: found.kind, changes },
        });
      });
      return input.rid;
    },
  };
}
