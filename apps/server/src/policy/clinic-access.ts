import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * What a clinic login reads (spec §1 "a follower sees a patient's data only after the patient
 * agrees", §6 clinic; docs/PERMISSIONS.md "Clinic login"). A clinic login is the shared desk
 * account of one clinic (users.clinic_id, set when the clinic is created). It reads, and never
 * changes, the data of the patients who accepted one of that clinic's HCPs: the patient's consent to
 * a clinician of the clinic is what lets the clinic's desk read. When the patient removes or rejects
 * that HCP, or the HCP leaves the clinic, the desk's access ends with it. A connection made to the
 * clinic login itself grants nothing: patients connect with clinicians, and a patient who accepted
 * none of the clinic's HCPs is never read by its desk.
 *
 * The rule is written once here as SQL and used by the policy (patient-data.ts), the clinic's
 * patient list and the clinic figures of /ClinicalData, so that all three always agree.
 */

/** An HCP account that counts as one of its clinic's clinicians (`h` is a users alias). */
export const clinicHcp = (h: string): SQL =>
  sql.raw(
    `${h}.user_type = 'D' and not ${h}.clinic_login and not ${h}.admin_login` +
      ` and ${h}.deleted_at is null and ${h}.status = 'active' and ${h}.clinic_id is not null`,
  );

/** A patient account that can be read: type P and not deleted (`p` is a users alias). */
export const readablePatient = (p: string): SQL =>
  sql.raw(`${p}.user_type = 'P' and ${p}.deleted_at is null`);

/** The ids of the HCPs of the clinic a clinic login belongs to (empty for any other account). */
export const clinicHcpIdsOf = (clinicLoginId: string): SQL => sql`
  select h.id from users c join users h on h.clinic_id = c.clinic_id and ${clinicHcp('h')}
   where c.id = ${clinicLoginId} and c.user_type = 'D' and c.clinic_login and not c.admin_login
     and c.deleted_at is null and c.clinic_id is not null`;

/**
 * The clinic login's rows of a query over `relations r`: accepted relations of the patient with
 * one of the clinic's HCPs, one per patient (the first by id when several of its HCPs follow the
 * patient), so a list or a count never shows a patient twice.
 */
export function clinicRelationCondition(clinicLoginId: string): SQL {
  const hcps = clinicHcpIdsOf(clinicLoginId);
  return sql`r.state = 'accepted' and r.follower_id in (${hcps})
    and not exists (select 1 from relations o
                     where o.patient_id = r.patient_id and o.state = 'accepted' and o.id < r.id
                       and o.follower_id in (${hcps}))`;
}

/** Whether this clinic login reads this patient now. */
export async function clinicReadsPatient(db: Db, clinicLoginId: string, patientId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from relations r join users p on p.id = r.patient_id and ${readablePatient('p')}
     where r.patient_id = ${patientId} and r.state = 'accepted'
       and r.follower_id in (${clinicHcpIdsOf(clinicLoginId)})
     limit 1`);
  return ((result as { rows?: unknown[] }).rows ?? []).length > 0;
}

/**
 * The patients of clinics (for /ClinicalData): per clinic, each patient who accepted one of its
 * HCPs, once. `clinicIds` must not be empty.
 */
export const clinicPatientsSql = (clinicIds: readonly string[]): SQL => sql`
  select distinct h.clinic_id, r.patient_id from users h
    join relations r on r.follower_id = h.id and r.state = 'accepted'
    join users p on p.id = r.patient_id and ${readablePatient('p')}
   where ${clinicHcp('h')} and h.clinic_id in (${sql.join(
     clinicIds.map((id) => sql`${id}`),
     sql`, `,
   )})`;
