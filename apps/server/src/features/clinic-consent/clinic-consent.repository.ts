import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { clinicHcp } from '../../access/clinic-access';
import { consentedFollowers } from '../../access/consented-patients';

export interface ClinicConsentRow {
  clinic_id: string;
  name: string;
  given_at: Date | string | null;
  revoked_at: Date | string | null;
  hcps: string[] | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The HCP `h` is one the patient accepted (`patientId`). */
const acceptedBy = (patientId: string) => sql`h.id in (${consentedFollowers(patientId)})`;

/** SQL of a patient's consents to clinics (table clinic_consents, migration 0013). */
export function createClinicConsentRepository(db: Db) {
  return {
    /**
     * The clinics of the patient's accepted HCPs, with those HCPs' names, and every clinic the
     * patient consents to now (so a consent can be revoked after the HCP left), by name.
     */
    async list(patientId: string): Promise<ClinicConsentRow[]> {
      return rowsOf<ClinicConsentRow>(
        await db.execute(sql`
          select k.id as clinic_id, k.name, cc.given_at, cc.revoked_at,
                 array_remove(array_agg(distinct coalesce(nullif(hp.realname, ''), h.username)), null) as hcps
            from clinics k
            left join clinic_consents cc on cc.clinic_id = k.id and cc.patient_id = ${patientId}
            left join users h on h.clinic_id = k.id and ${clinicHcp('h')} and ${acceptedBy(patientId)}
            left join profiles hp on hp.user_id = h.id
           where h.id is not null or (cc.given_at is not null and cc.revoked_at is null)
           group by k.id, k.name, cc.given_at, cc.revoked_at
           order by lower(k.name), k.id`),
      );
    },

    /** The clinic's name when one of the patient's accepted HCPs works there, else null. */
    async eligibleClinic(patientId: string, clinicId: string): Promise<string | null> {
      const rows = rowsOf<{ name: string }>(
        await db.execute(sql`
          select k.name from clinics k
           where k.id = ${clinicId}
             and exists (select 1 from users h where h.clinic_id = k.id and ${clinicHcp('h')}
                           and ${acceptedBy(patientId)})`),
      );
      return rows[0]?.name ?? null;
    },

    /** Gives consent; true when it was not given before (a repeated give changes nothing). */
    async give(patientId: string, clinicId: string, now: Date): Promise<boolean> {
      const rows = rowsOf<{ patient_id: string }>(
        await db.execute(sql`
          insert into clinic_consents (patient_id, clinic_id, given_at) values (${patientId}, ${clinicId}, ${now})
          on conflict (patient_id, clinic_id) do update set given_at = excluded.given_at, revoked_at = null
           where clinic_consents.revoked_at is not null
          returning patient_id`),
      );
      return rows.length > 0;
    },

    /** Revokes a given consent; false when none was given. */
    async revoke(patientId: string, clinicId: string, now: Date): Promise<boolean> {
      const rows = rowsOf<{ patient_id: string }>(
        await db.execute(sql`
          update clinic_consents set revoked_at = ${now}
           where patient_id = ${patientId} and clinic_id = ${clinicId} and revoked_at is null
          returning patient_id`),
      );
      return rows.length > 0;
    },
  };
}
