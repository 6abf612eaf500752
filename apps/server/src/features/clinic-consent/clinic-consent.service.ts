import { ErrorCode } from '@cgm/domain';
import type { ClinicConsentItem } from '@cgm/contract';
import type { AppContext } from '../../platform/context';
import { createUsersRepository } from '../../accounts/users.repository';
import { ApiError } from '../../platform/http/api-error';
import { renderMail } from '../../platform/mail/templates';
import { createClinicConsentRepository } from './clinic-consent.repository';

const epoch = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

/**
 * A patient's consent to a clinic's desk (issue 15, finding 1; docs/PERMISSIONS.md "Clinic login").
 * Only the patient gives or revokes it (route access `patient`/`own`), only for a clinic where one of
 * their accepted HCPs works; giving it is mailed to the patient, so a consent they did not give
 * themselves does not go unnoticed. Each change wakes the patient's waiting live monitors, which
 * check consent again (a revoked desk is refused at once).
 */
export function createClinicConsentService(ctx: AppContext) {
  const repo = createClinicConsentRepository(ctx.db);

  async function tellPatient(patientId: string, clinic: string): Promise<void> {
    const p = await createUsersRepository(ctx.db).byId(patientId);
    const to = p?.email ?? p?.mobile;
    if (!p || !to) return;
    const mail = renderMail(p.language, 'clinicConsent.givenSubject', ['clinicConsent.givenBody'], {
      clinic,
    });
    await ctx.mailer.send({ channel: p.email ? 'email' : 'sms', to, ...mail });
  }

  return {
    async list(patientId: string): Promise<ClinicConsentItem[]> {
      return (await repo.list(patientId)).map((r) => {
        const given = r.given_at !== null && r.revoked_at === null;
        return {
          clinic_id: r.clinic_id,
          name: r.name,
          given,
          given_at: given ? epoch(r.given_at) : null,
          hcps: [...(r.hcps ?? [])].sort(),
        };
      });
    },

    /** 404 for a clinic where none of the patient's accepted HCPs works (or no such clinic). */
    async give(patientId: string, clinicId: string): Promise<void> {
      const clinic = await repo.eligibleClinic(patientId, clinicId);
      if (clinic === null) throw new ApiError(ErrorCode.NOT_FOUND);
      if (!(await repo.give(patientId, clinicId, ctx.clock.now()))) return;
      ctx.bus.publish(patientId, 0, 'access');
      await tellPatient(patientId, clinic);
    },

    /** 404 when no consent to that clinic is given. */
    async revoke(patientId: string, clinicId: string): Promise<void> {
      if (!(await repo.revoke(patientId, clinicId, ctx.clock.now()))) throw new ApiError(ErrorCode.NOT_FOUND);
      ctx.bus.publish(patientId, 0, 'access');
    },
  };
}
