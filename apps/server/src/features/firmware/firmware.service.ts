import type { z } from 'zod';
import { canMoveFirmware, ErrorCode, findCountry, isFirmwareFinal, nextFirmwareStates } from '@cgm/domain';
import type {
  AdminAction,
  FirmwareChange,
  FirmwareRelease,
  firmwareCreateRequest,
  firmwareEditRequest,
  firmwareHistoryQuery,
  firmwareListQuery,
} from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { ApiError } from '../../platform/http/api-error';
import { newId } from '../../platform/lib/crypto';
import { adminScopeOf, countryInScope, type AdminScope } from '../../access/admin-scope';
import { recordAdminOperation } from '../../access/operation-history';
import { isUniqueViolation } from '../../platform/db/errors';
import { createFirmwareRepository, type ReleaseRow } from './firmware.repository';

type State = ReleaseRow['state'];

const toRelease = (r: ReleaseRow): FirmwareRelease => ({
  id: r.id,
  device_type: r.deviceType as FirmwareRelease['device_type'],
  version: r.version,
  notes: r.notes,
  target_serials: r.targetSerials,
  target_regions: r.targetRegions,
  state: r.state,
  next_states: [...nextFirmwareStates(r.state)],
  created_by: r.createdBy,
  created_at: r.createdAt.getTime(),
  updated_at: r.updatedAt.getTime(),
});

/**
 * Whether an account admin sees a release: it targets serials only (device data, no country), or
 * it reaches devices in the admin's scope: a target country in scope, or a target region that is
 * in the scope or holds one of its countries. The super admin sees all.
 */
export function releaseVisible(scope: AdminScope, r: Pick<ReleaseRow, 'targetRegions'>): boolean {
  if (scope.all || r.targetRegions.length === 0) return true;
  return r.targetRegions.some((t) =>
    findCountry(t)
      ? countryInScope(scope, t)
      : (scope.regions as readonly string[]).includes(t) ||
        scope.countries.some((c) => findCountry(c)?.region === t),
  );
}

/**
 * Device firmware releases (spec §2 /otamanagement, /otamanagementHistory). The super admin creates
 * releases, edits them and moves their rollout state (packages/domain firmware.ts); account admins
 * read the releases of their scope and their history. Every change goes to the admin history with
 * the release as subject, so /otamanagementHistory is read from there (append-only).
 */
export function createFirmwareService(ctx: AppContext) {
  const repo = createFirmwareRepository(ctx.db);
  const record = (
    actor: Actor,
    id: string,
    action: AdminAction,
    detail: Record<string, unknown>,
    ip: string,
  ) => recordAdminOperation(ctx, { actorId: actor.userId, subjectId: id, action, detail, ip });

  async function visibleRelease(actor: Actor, id: string): Promise<ReleaseRow> {
    const scope = await adminScopeOf(ctx.db, actor);
    const row = await repo.find(id);
    if (!row || !releaseVisible(scope, row)) throw new ApiError(ErrorCode.NOT_FOUND);
    return row;
  }

  return {
    async list(actor: Actor, q: z.output<typeof firmwareListQuery>) {
      const scope = await adminScopeOf(ctx.db, actor);
      const rows = await repo.list({ deviceType: q.device_type, state: q.state });
      return {
        releases: rows.filter((r) => releaseVisible(scope, r)).map(toRelease),
        can_manage: actor.role === 'AccountAdminSuper',
      };
    },

    async create(actor: Actor, input: z.output<typeof firmwareCreateRequest>, ip: string) {
      if (await repo.exists(input.device_type, input.version)) {
        throw new ApiError(ErrorCode.CONFLICT, { message: 'firmware.versionExists' });
      }
      const now = ctx.clock.now();
      const id = newId();
      try {
        await repo.insert({
          id,
          deviceType: input.device_type,
          version: input.version,
          notes: input.notes,
          targetSerials: input.target_serials,
          targetRegions: input.target_regions,
          state: 'draft',
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        // Created by someone else since the check above: the unique index (migration 0007) decides.
        if (isUniqueViolation(err))
          throw new ApiError(ErrorCode.CONFLICT, { message: 'firmware.versionExists' });
        throw err;
      }
      await record(actor, id, 'firmware.create', {
        deviceType: input.device_type,
        version: input.version,
        targetSerials: input.target_serials.length,
        targetRegions: input.target_regions,
      }, ip); // prettier-ignore
      return toRelease((await repo.find(id))!);
    },

    /** Notes and targets; not once the release is completed or withdrawn. */
    async edit(actor: Actor, id: string, input: z.output<typeof firmwareEditRequest>, ip: string) {
      const row = await visibleRelease(actor, id);
      if (isFirmwareFinal(row.state)) throw new ApiError(ErrorCode.CONFLICT, { message: 'firmware.final' });
      await repo.update(id, {
        notes: input.notes,
        targetSerials: input.target_serials,
        targetRegions: input.target_regions,
        updatedAt: ctx.clock.now(),
      });
      await record(actor, id, 'firmware.edit', {
        version: row.version,
        notesChanged: row.notes !== input.notes,
        targetSerials: input.target_serials.length,
        targetRegions: input.target_regions,
      }, ip); // prettier-ignore
      return toRelease((await repo.find(id))!);
    },

    async move(actor: Actor, id: string, to: State, ip: string) {
      const row = await visibleRelease(actor, id);
      if (!canMoveFirmware(row.state, to)) {
        throw new ApiError(ErrorCode.CONFLICT, { message: 'firmware.badMove', state: row.state });
      }
      if (!(await repo.moveState(id, row.state, to, ctx.clock.now()))) {
        throw new ApiError(ErrorCode.CONFLICT, { message: 'firmware.changedMeanwhile' });
      }
      await record(actor, id, 'firmware.state', { version: row.version, from: row.state, to }, ip);
      return toRelease((await repo.find(id))!);
    },

    async history(actor: Actor, q: z.output<typeof firmwareHistoryQuery>) {
      const scope = await adminScopeOf(ctx.db, actor);
      let subjects: string[] | null = null;
      if (q.release_id) subjects = [(await visibleRelease(actor, q.release_id)).id];
      else if (!scope.all)
        subjects = (await repo.list({})).filter((r) => releaseVisible(scope, r)).map((r) => r.id);
      const { total, rows } = await repo.history(subjects, (q.page - 1) * q.size, q.size);
      const changes: FirmwareChange[] = rows.map((h) => ({
        id: h.id,
        release_id: h.subjectId,
        action: h.action,
        actor: h.actorName,
        at: h.at.getTime(),
        detail: (h.detail as Record<string, unknown> | null) ?? null,
      }));
      return { changes, paging: { page: q.page, size: q.size, total, pages: Math.ceil(total / q.size) } };
    },
  };
}
