import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { consentGivenIn } from './consent';

/**
 * What a clinic login reads (spec §1 "a follower sees a patient's data only after the patient
 * agrees", §6 clinic; docs/PERMISSIONS.md "Clinic login"). A clinic login is the shared desk
 * account of one clinic (users.clinic_id, set when the clinic is created). It reads, and never
 * changes, the data of the patients who accepted one of that clinic's HCPs AND gave that clinic
 * their consent (clinic_consents, given and revoked by the patient on the connections screen).
 * Accepting an HCP is consent to that person only: an account admin who moves the HCP into a
 * clinic (or creates one) gains its desk nothing (issue 15, finding 1). When the patient revokes
 * the consent, removes or rejects the HCP, or the HCP leaves the clinic, the desk's access ends
 * with it. A connection made to the clinic login itself grants nothing.
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

/** The patient `patientCol` consents to the clinic `clinicCol` now (SQL columns or values). */
export const clinicConsentGiven = (patientCol: SQL, clinicCol: SQL): SQL => sql`exists (
  select 1 from clinic_consents cc
   where cc.patient_id = ${patientCol} and cc.clinic_id = ${clinicCol} and cc.revoked_at is null)`;

/** The clinic a clinic login belongs to, as a scalar subquery. */
const clinicOfLogin = (clinicLoginId: string): SQL =>
  sql`(select c.clinic_id from users c where c.id = ${clinicLoginId})`;

/** The ids of the HCPs of the clinic a clinic login belongs to (empty for any other account). */
export const clinicHcpIdsOf = (clinicLoginId: string): SQL => sql`
  select h.id from users c join users h on h.clinic_id = c.clinic_id and ${clinicHcp('h')}
   where c.id = ${clinicLoginId} and c.user_type = 'D' and c.clinic_login and not c.admin_login
     and c.deleted_at is null and c.clinic_id is not null`;

/**
 * The clinic login's rows of a query over `relations r`: accepted relations of a consenting patient
 * with one of the clinic's HCPs, one per patient (the first by id when several of its HCPs follow
 * the patient), so a list or a count never shows a patient twice.
 */
export function clinicRelationCondition(clinicLoginId: string): SQL {
  const hcps = clinicHcpIdsOf(clinicLoginId);
  return sql`${consentGivenIn('r')} and r.follower_id in (${hcps})
    and ${clinicConsentGiven(sql.raw('r.patient_id'), clinicOfLogin(clinicLoginId))}
    and not exists (select 1 from relations o
                     where o.patient_id = r.patient_id and ${consentGivenIn('o')} and o.id < r.id
                       and o.follower_id in (${hcps}))`;
}

/** Whether this clinic login reads this patient now. */
export async function clinicReadsPatient(db: Db, clinicLoginId: string, patientId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from relations r join users p on p.id = r.patient_id and ${readablePatient('p')}
     where r.patient_id = ${patientId} and ${consentGivenIn('r')}
       and r.follower_id in (${clinicHcpIdsOf(clinicLoginId)})
       and ${clinicConsentGiven(sql`${patientId}`, clinicOfLogin(clinicLoginId))}
     limit 1`);
  return ((result as { rows?: unknown[] }).rows ?? []).length > 0;
}

/**
 * How many patients accepted one of the clinic's HCPs but have not given (or have revoked) their
 * consent to its desk: the desk is told the number, never who they are, so it knows why its list is
 * shorter than its HCPs' (patients connected before consent existed start here: no access until
 * they allow it on their connections screen).
 */
export async function clinicPatientsAwaitingConsent(db: Db, clinicLoginId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct r.patient_id)::int as n
      from relations r join users p on p.id = r.patient_id and ${readablePatient('p')}
     where ${consentGivenIn('r')} and r.follower_id in (${clinicHcpIdsOf(clinicLoginId)})
       and not ${clinicConsentGiven(sql.raw('r.patient_id'), clinicOfLogin(clinicLoginId))}`);
  return Number(((result as { rows?: Array<{ n: number }> }).rows ?? [])[0]?.n ?? 0);
}

/**
 * The patients of clinics (for /ClinicalData): per clinic, each patient who accepted one of its
 * HCPs and consents to the clinic, once. `clinicIds` must not be empty.
 */
export const clinicPatientsSql = (clinicIds: readonly string[]): SQL => sql`
  select distinct h.clinic_id, r.patient_id from users h
    join relations r on r.follower_id = h.id and ${consentGivenIn('r')}
    join users p on p.id = r.patient_id and ${readablePatient('p')}
   where ${clinicHcp('h')} and ${clinicConsentGiven(sql.raw('r.patient_id'), sql.raw('h.clinic_id'))}
     and h.clinic_id in (${sql.join(
       clinicIds.map((id) => sql`${id}`),
       sql`, `,
     )})`;
