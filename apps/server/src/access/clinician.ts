import type { Actor } from '../platform/http/auth';

/**
 * Which HCP accounts work with patients (docs/PERMISSIONS.md). The admin login of the account
 * tools sees no patient data; the clinic login reads its clinic's patients (clinic-access.ts) but
 * does not change anyone's care.
 */

/** An HCP account that has a patient list: every HCP account but the admin login. */
export const seesPatients = (a: Actor): boolean => a.userType === 'D' && !a.flags.adminLogin;

/** An HCP who changes care (creates and deletes patients): not the clinic login, which only reads. */
export const treatsPatients = (a: Actor): boolean => seesPatients(a) && !a.flags.clinicLogin;
