import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientProfile } from '@cgm/contract';
import { useSession } from '../../session/session-state';
import { PatientShell, profilePath, withUid, type Area } from './patient-shell';
import { clinicProfileTarget } from './profile-path';
import { editsPersonalDetails, ProfileEditForm } from './profile-edit-form';
import { ProfileFacts } from '../../components/profile-facts';
import { RecordsSummary } from './records-summary';
import { Notice } from '../../components/notice';

/**
 * /Hcp and /ClinicHcp: the chosen patient's first screen. `summary` is the glucose overview, given
 * by the app (it is the reports' work, and one feature does not import another); below it the way
 * to each part of the patient's file. The personal details are on the profile tab.
 */
export function PatientOverview({ area, summary }: { area: Area; summary: (uid: string) => ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  const carer = user?.userType === 'M';
  const { state } = useLocation();
  // A notice the previous screen left (a new patient: "Created.").
  const notice = (state as { notice?: unknown } | null)?.notice;
  return (
    <PatientShell area={area} tab="overview" title={t('patientView.overview')}>
      {(profile, uid) => (
        <>
          {notice === 'success.created' && <Notice kind="success">{t('success.created')}</Notice>}
          {summary(uid)}
          {!carer && (
            <div className="pv-links">
              <Link
                className="btn btn--secondary btn--small"
                to={withUid(profilePath(area, profile.created_by), uid)}
              >
                {t('patientView.tabs.profile')}
              </Link>
              {area === 'hcp' ? (
                <>
                  <Link className="btn btn--secondary btn--small" to={withUid('/Hcp/events', uid)}>
                    {t('patientView.tabs.events')}
                  </Link>
                  <Link className="btn btn--secondary btn--small" to={withUid('/Hcp/records', uid)}>
                    {t('patientView.tabs.records')}
                  </Link>
                  <Link className="btn btn--secondary btn--small" to={withUid('/Hcp/patientProfile3', uid)}>
                    {t('patientView.summary')}
                  </Link>
                </>
              ) : (
                <Link
                  className="btn btn--secondary btn--small"
                  to={withUid('/ClinicHcp/ClinicExportData', uid)}
                >
                  {t('patientView.tabs.export')}
                </Link>
              )}
            </div>
          )}
        </>
      )}
    </PatientShell>
  );
}

/** Sends a patient to the profile variant their account needs (spec §2: '2' for created_by register). */
function RightVariant({
  profile,
  uid,
  want,
}: {
  profile: PatientProfile;
  uid: string;
  want: 'register' | 'other';
}) {
  const isRegister = profile.created_by === 'register';
  if (isRegister === (want === 'register')) return null;
  return <Navigate to={withUid(profilePath('hcp', profile.created_by), uid)} replace />;
}

/** /Hcp/patientProfile: a patient account a clinician created; the care team keeps all of it. */
export function PatientProfileScreen() {
  const { t } = useTranslation();
  return (
    <PatientShell area="hcp" tab="profile" title={t('patientView.tabs.profile')}>
      {(profile, uid) =>
        profile.created_by === 'register' ? (
          <RightVariant profile={profile} uid={uid} want="other" />
        ) : (
          <>
            {profile.editable.length > 0 ? (
              <>
                {!editsPersonalDetails(profile.editable) && (
                  <section className="pv-section" aria-labelledby="pv-personal">
                    <h2 id="pv-personal" className="section__title">
                      {t('profile.personal')}
                    </h2>
                    <ProfileFacts profile={profile} groups={['personal']} />
                  </section>
                )}
                <ProfileEditForm key={uid} profile={profile} uid={uid} />
              </>
            ) : (
              <ProfileFacts profile={profile} groups={['personal', 'clinic']} />
            )}
            <ProfileFacts profile={profile} groups={['account']} />
          </>
        )
      }
    </PatientShell>
  );
}

/** /Hcp/patientProfile2: a patient who registered owns their details; the clinic fields are editable. */
export function PatientProfile2Screen() {
  const { t } = useTranslation();
  return (
    <PatientShell area="hcp" tab="profile" title={t('patientView.tabs.profile')}>
      {(profile, uid) =>
        profile.created_by !== 'register' ? (
          <RightVariant profile={profile} uid={uid} want="register" />
        ) : (
          <>
            <p className="muted">{t('patientView.profile.ownedByPatient')}</p>
            <ProfileFacts profile={profile} groups={['personal']} />
            {profile.editable.length > 0 ? (
              <ProfileEditForm key={uid} profile={profile} uid={uid} />
            ) : (
              <ProfileFacts profile={profile} groups={['clinic']} />
            )}
            <ProfileFacts profile={profile} groups={['account']} />
          </>
        )
      }
    </PatientShell>
  );
}

/** /Hcp/patientProfile3: the medical-record summary, read only, for reading and printing. */
export function PatientProfile3Screen() {
  const { t } = useTranslation();
  return (
    <PatientShell area="hcp" tab="records" title={t('patientView.summary')}>
      {(profile, uid) => (
        <>
          <div className="pv-links pv-noprint">
            <button type="button" className="btn btn--secondary btn--small" onClick={() => window.print()}>
              {t('patientView.print')}
            </button>
          </div>
          <ProfileFacts profile={profile} />
          <RecordsSummary uid={uid} />
        </>
      )}
    </PatientShell>
  );
}

/**
 * /Hcp/clinic_patientProfile and /ClinicHcp/clinic_patientProfile2 or /Hcp/clinic_patientProfile2
 * (the '2' variant, for created_by register, spec §2): the clinic login reads only. A patient opened on the other variant's path is
 * sent to the right one, as in the HCP's view.
 */
export function ClinicProfileScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PatientShell area="clinic" tab="profile" title={t('patientView.tabs.profile')}>
      {(profile, uid) => {
        const right = clinicProfileTarget(pathname, profile.created_by);
        if (right !== pathname) return <Navigate to={withUid(right, uid)} replace />;
        return <ProfileFacts profile={profile} />;
      }}
    </PatientShell>
  );
}
