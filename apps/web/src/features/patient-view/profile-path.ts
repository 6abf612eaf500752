// Which profile screen a patient opens in (spec §2 "/Hcp" and "/ClinicHcp" children): the '2'
// variants are for patients whose created_by is 'register', in the HCP's and the clinic's view
// alike. Pure, so every branch is tested.

export type Area = 'hcp' | 'clinic';

const PROFILE_PATHS: Record<Area, { register: string; other: string }> = {
  hcp: { register: '/Hcp/patientProfile2', other: '/Hcp/patientProfile' },
  clinic: { register: '/ClinicHcp/clinic_patientProfile2', other: '/Hcp/clinic_patientProfile' },
};

/** The profile screen for this patient: the '2' variant for self-registered patients (spec §2). */
export function profilePath(area: Area, createdBy: string): string {
  return PROFILE_PATHS[area][createdBy === 'register' ? 'register' : 'other'];
}

/** Where the '2' variant of the clinic profile lives besides its /ClinicHcp home (spec §2 lists
 *  /clinic_patientProfile2 among the /Hcp children too). */
const CLINIC_REGISTER_ALIASES = ['/ClinicHcp/clinic_patientProfile2', '/Hcp/clinic_patientProfile2'];

/**
 * The clinic profile path to show for this patient when `pathname` was opened: itself when it is
 * the right variant (either home of the '2' variant), otherwise the right variant's path.
 */
export function clinicProfileTarget(pathname: string, createdBy: string): string {
  const right = profilePath('clinic', createdBy);
  if (right === PROFILE_PATHS.clinic.register && CLINIC_REGISTER_ALIASES.includes(pathname)) return pathname;
  return right;
}
