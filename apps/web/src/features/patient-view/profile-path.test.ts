import { describe, expect, it } from 'vitest';
import { profilePath } from './profile-path';

describe("the profile variant by the patient's created_by (spec §2)", () => {
  it.each([
    ['hcp', 'register', '/Hcp/patientProfile2'],
    ['hcp', 'hcp', '/Hcp/patientProfile'],
    ['hcp', 'hcp_group', '/Hcp/patientProfile'],
    ['clinic', 'register', '/ClinicHcp/clinic_patientProfile2'],
    ['clinic', 'hcp', '/Hcp/clinic_patientProfile'],
    ['clinic', 'cli', '/Hcp/clinic_patientProfile'],
  ] as const)('%s view, created_by %s → %s', (area, createdBy, path) => {
    expect(profilePath(area, createdBy)).toBe(path);
  });
});
