import { useTranslation } from 'react-i18next';
import type { PrescriptionRecord } from '@cgm/contract';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { useRecords } from './patient-view-api';

/** Prescriptions still running (no end, or an end not passed), newest start first. */
export function currentPrescriptions(
  items: readonly PrescriptionRecord[],
  todayIso: string,
): PrescriptionRecord[] {
  return items
    .filter((p) => !p.data.end || p.data.end >= todayIso)
    .sort((a, b) => b.data.start.localeCompare(a.data.start));
}

/** Complications, concomitant diseases and current prescriptions, read only (/Hcp/patientProfile3). */
export function RecordsSummary({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const records = useRecords(uid);
  if (records.isPending) return <Spinner />;
  if (!records.data) return <Notice kind="error">{t('records.loadFailed')}</Notice>;
  const { complications, concomitant, prescriptions } = records.data;
  const diseases = (items: typeof complications) =>
    items.length === 0 ? (
      <p className="muted">{t('records.none')}</p>
    ) : (
      <ul>
        {items.map((c) => (
          <li key={c.rid}>
            {t(`records.disease.${c.data.disease}`)}
            {c.data.since &&
              ` · ${t('records.since', { date: formatIsoDate(c.data.since, lang, 'medium') })}`}
          </li>
        ))}
      </ul>
    );
  const today = new Date().toISOString().slice(0, 10);
  const current = currentPrescriptions(prescriptions, today);
  return (
    <>
      <h3 className="section__title">{t('records.complications')}</h3>
      {diseases(complications)}
      <h3 className="section__title">{t('records.concomitant')}</h3>
      {diseases(concomitant)}
      <h3 className="section__title">{t('records.currentPrescriptions')}</h3>
      {current.length === 0 ? (
        <p className="muted">{t('records.none')}</p>
      ) : (
        <ul>
          {current.map((p) => (
            <li key={p.rid}>
              {`${p.data.medicine} · ${formatNumber(p.data.dose, lang)} ${t(`records.doseUnit.${p.data.unit}`)}`}
              {p.data.frequency && ` · ${p.data.frequency}`}
              {` · ${t('records.since', { date: formatIsoDate(p.data.start, lang, 'medium') })}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
