import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PatientList } from './patient-list';

// The three homes that show a patient list (spec §2 "Homes after login"): /HcpMenu for HCPs,
// /PatientList for members of an HCP group (their group manager manages users), and
// /ClinicPatientList for a clinic login, which reads only.

function Tools({ userManagement }: { userManagement: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/newPatient" className="btn btn--primary btn--small">
        {t('patients.tools.newPatient')}
      </Link>
      <Link to="/findPatient" className="btn btn--secondary btn--small">
        {t('patients.tools.findPatient')}
      </Link>
      <Link to="/HcpOperationHistory" className="btn btn--ghost btn--small">
        {t('patients.tools.history')}
      </Link>
      {userManagement && (
        <Link to="/HcpUserManagement" className="btn btn--ghost btn--small">
          {t('patients.tools.users')}
        </Link>
      )}
    </>
  );
}

export function HcpMenuScreen() {
  const { t } = useTranslation();
  return <PatientList title={t('patients.list.title')} tools={<Tools userManagement />} />;
}

export function PatientListScreen() {
  const { t } = useTranslation();
  return <PatientList title={t('patients.list.title')} tools={<Tools userManagement={false} />} />;
}

export function ClinicPatientListScreen() {
  const { t } = useTranslation();
  return <PatientList title={t('patients.list.clinicTitle')} clinic />;
}
