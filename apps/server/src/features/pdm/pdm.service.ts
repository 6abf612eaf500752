import type { DeviceSession, PdmSettings, PdmSettingsResponse, SessionsResponse } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import type { Actor } from '../../platform/http/auth';
import { assertMayAccessPatient } from '../../access/patient-data';
import { createPdmRepository } from './pdm.repository';

const HOUR = 3600_000;

type SessionRow = Awaited<ReturnType<ReturnType<typeof createPdmRepository>['sessions']>>[number];

function toSession(row: SessionRow): DeviceSession {
  const start = row.startedAt.getTime();
  const end = row.endedAt?.getTime() ?? null;
  const expiresAt = start + row.ratedLifeHours * HOUR;
  return {
    serial: row.serial,
    pdm_serial: row.pdmSerial,
    start,
    end,
    rated_life_hours: row.ratedLifeHours,
    expires_at: expiresAt,
    ended_early: end === null ? null : end < expiresAt,
    source: row.source,
  };
}

/** PDM settings and device sessions (spec §3 "PDM setting item; sessions", §7 pdm/{id}/…). */
export function createPdmService(ctx: AppContext) {
  const repo = createPdmRepository(ctx.db);

  return {
    /** The settings in force at `at` (default now): the latest the PDM sent up to then. */
    async settings(actor: Actor, patientId: string, at?: number): Promise<PdmSettingsResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const row = await repo.settingsAt(patientId, at === undefined ? undefined : new Date(at));
      if (!row) return { error: 0, settings: null };
      return {
        error: 0,
        // Checked against the same contract schema at ingest (and again by the response schema).
        settings: row.settings as PdmSettings,
        serial: row.serial,
        time: row.time.getTime(),
        source: row.source,
      };
    },

    async sessions(actor: Actor, patientId: string, from?: number, to?: number): Promise<SessionsResponse> {
      await assertMayAccessPatient(ctx.db, actor, patientId, 'read');
      const rows = await repo.sessions(
        patientId,
        from === undefined ? undefined : new Date(from),
        to === undefined ? undefined : new Date(to),
      );
      const sessions = rows.map((r) => ({ kind: r.kind, session: toSession(r) }));
      return {
        error: 0,
        pdm_serial: sessions.find((s) => s.session.pdm_serial)?.session.pdm_serial ?? null,
        sensor: sessions.filter((s) => s.kind === 'sensor').map((s) => s.session),
        pump: sessions.filter((s) => s.kind === 'patch').map((s) => s.session),
      };
    },
  };
}
