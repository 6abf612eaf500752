import { describe, expect, it } from 'vitest';
import { clinicProfileTarget, profilePath } from './profile-path';

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

describe('the clinic profile under /Hcp as well as /ClinicHcp (spec §2)', () => {
  it.each([
    ['/Hcp/clinic_patientProfile2', 'register', '/Hcp/clinic_patientProfile2'],
    ['/ClinicHcp/clinic_patientProfile2', 'register', '/ClinicHcp/clinic_patientProfile2'],
    ['/Hcp/clinic_patientProfile', 'register', '/ClinicHcp/clinic_patientProfile2'],
    ['/Hcp/clinic_patientProfile2', 'hcp', '/Hcp/clinic_patientProfile'],
    ['/ClinicHcp/clinic_patientProfile2', 'cli', '/Hcp/clinic_patientProfile'],
    ['/Hcp/clinic_patientProfile', 'hcp', '/Hcp/clinic_patientProfile'],
  ] as const)('%s, created_by %s → %s', (pathname, createdBy, path) => {
    expect(clinicProfileTarget(pathname, createdBy)).toBe(path);
  });
});
