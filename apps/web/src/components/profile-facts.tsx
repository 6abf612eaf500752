import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientProfile } from '@cgm/contract';
import { formatIsoDate, formatNumber } from '../i18n/format';
import { formatDateTime } from '../i18n/format-time';

type Group = 'personal' | 'clinic' | 'account';

/** A patient's profile as read-only facts (spec §3 "Patient labels"), in the chosen groups. */
export function ProfileFacts({
  profile,
  groups = ['personal', 'clinic', 'account'],
}: {
  profile: PatientProfile;
  groups?: readonly Group[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const none = '--';
  const date = (iso: string | null) => (iso ? formatIsoDate(iso, lang, 'medium') : none);
  const num = (v: number | null, unit: string) =>
    v === null ? none : `${formatNumber(v, lang)} ${t(`units.${unit}`)}`;
  const rows: Array<[Group, string, string]> = [
    ['personal', t('profile.field.realname'), profile.realname || none],
    ['personal', t('profile.field.alias'), profile.alias ?? none],
    ['personal', t('profile.field.gender'), t(`profile.gender.${profile.gender}`)],
    ['personal', t('profile.field.birthday'), date(profile.birthday)],
    ['personal', t('patientView.field.age'), profile.age === null ? none : formatNumber(profile.age, lang)],
    ['personal', t('profile.field.diabetes_type'), t(`profile.diabetesType.${profile.diabetes_type}`)],
    ['personal', t('profile.field.diabetes_diagnosis_date'), date(profile.diabetes_diagnosis_date)],
    ['personal', t('profile.field.height'), num(profile.height, 'cm')],
    ['personal', t('profile.field.weight'), num(profile.weight, 'kg')],
    ['personal', t('profile.field.address'), profile.address ?? none],
    ['personal', t('profile.field.zipcode'), profile.zipcode ?? none],
    ['personal', t('profile.field.telephone'), profile.telephone ?? none],
    ['personal', t('profile.field.mobile'), profile.mobile ?? none],
    ['personal', t('profile.field.email'), profile.email ?? none],
    ['clinic', t('patientView.field.inpatient'), t(profile.inpatient ? 'patientView.yes' : 'patientView.no')],
    ['clinic', t('patientView.field.patientNo'), profile.patient_no ?? none],
    ['clinic', t('patientView.field.bedNo'), profile.bed_no ?? none],
    ['account', t('patientView.field.patientId'), profile.uid],
    ['account', t('profile.field.username'), profile.username],
    [
      'account',
      t('patientView.field.uploadTime'),
      profile.upload_time === null ? none : formatDateTime(profile.upload_time, lang),
    ],
    ['account', t('profile.field.createdBy'), t(`profile.createdBy.${profile.created_by}`)],
    ['account', t('patientView.field.accountCreator'), profile.account_creator ?? none],
  ];
  return (
    <dl className="facts">
      {rows
        .filter(([group]) => groups.includes(group))
        .map(([, label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
