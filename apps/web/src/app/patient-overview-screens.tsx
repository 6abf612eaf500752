import { PatientOverview } from '../features/patient-view/profile-screens';
import { GlucoseOverview } from '../features/reports/overview/glucose-overview';

// The patient overview joins two features: the patient view's frame (name, tabs, access states)
// and the reports' glucose overview. They meet here, in the app, so neither imports the other.

const summary = (uid: string) => <GlucoseOverview uid={uid} />;

export const HcpOverviewScreen = () => <PatientOverview area="hcp" summary={summary} />;
export const ClinicOverviewScreen = () => <PatientOverview area="clinic" summary={summary} />;
