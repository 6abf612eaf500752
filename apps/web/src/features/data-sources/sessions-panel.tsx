import { useTranslation } from 'react-i18next';
import type { DeviceSession } from '@cgm/contract';
import { formatDateTime, formatDuration } from '../../i18n/format-time';
import { useSessions } from './data-sources-api';
import { QueryState } from './query-state';

/** Sensor and patch sessions with the PDM serial (spec §3 "sessions"). */
export function SessionsPanel({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const query = useSessions(uid);
  if (!query.data) return <QueryState pending={query.isPending} error={query.error} />;
  const { pdm_serial, sensor, pump } = query.data;
  return (
    <div className="sessions">
      <p className="muted">
        {pdm_serial ? t('dataSources.sessions.pdm', { serial: pdm_serial }) : t('dataSources.sessions.noPdm')}
      </p>
      <SessionTable
        title={t('dataSources.sessions.sensor')}
        serialLabel={t('dataSources.sessions.sensorSerial')}
        rows={sensor}
      />
      <SessionTable
        title={t('dataSources.sessions.patch')}
        serialLabel={t('dataSources.sessions.patchSerial')}
        rows={pump}
      />
    </div>
  );
}

function SessionTable({
  title,
  serialLabel,
  rows,
}: {
  title: string;
  serialLabel: string;
  rows: DeviceSession[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="section">
      <h3 className="pdm-group__title">{title}</h3>
      {rows.length === 0 ? (
        <p className="muted small">{t('dataSources.sessions.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table data-table">
            <thead>
              <tr>
                <th scope="col">{t('dataSources.sessions.start')}</th>
                <th scope="col">{t('dataSources.sessions.end')}</th>
                <th scope="col">{t('dataSources.sessions.ratedLife')}</th>
                <th scope="col">{serialLabel}</th>
                <th scope="col">{t('dataSources.sessions.pdmSerial')}</th>
                <th scope="col">{t('dataSources.sessions.source')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={`${s.serial}-${s.start}`}>
                  <td>{formatDateTime(s.start, lang)}</td>
                  <td>
                    {s.end === null ? (
                      <span className="tag tag--active">{t('dataSources.sessions.running')}</span>
                    ) : (
                      <>
                        {formatDateTime(s.end, lang)}
                        {s.ended_early && (
                          <span className="tag tag--warning">{t('dataSources.sessions.endedEarly')}</span>
                        )}
                      </>
                    )}
                  </td>
                  <td>{formatDuration(s.rated_life_hours * 3_600_000, lang)}</td>
                  <td>{s.serial}</td>
                  <td>{s.pdm_serial ?? '--'}</td>
                  <td>{t(`dataSources.sources.${s.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
