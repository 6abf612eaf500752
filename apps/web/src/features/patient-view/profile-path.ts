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
