import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { MonitorChart } from './monitor-chart';
import type { ChartHours } from './monitor-api';
import { GlucosePanel } from './glucose-panel';
import { PumpCard, SensorCard } from './device-cards';
import { pumpDeliveryView } from './pump-delivery-view';
import { LiveBadge } from './live-badge';
import { patientClock } from './patient-clock';
import { dataFreshness, glucosePrefs, glucoseView, pumpView, sensorView } from './status-view';
import {
  sessionCountry,
  useLiveMonitor,
  useMonitorProfile,
  useMonitorStatus,
  useNow,
  useWatchedPatient,
} from './use-monitor';
import './monitor.css';

const HOUR = 3_600_000;

function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}

/**
 * /monitor and /Hcp/monitor (spec §2 "Monitor: sensor info, pump info"): the live glucose, sensor
 * and pump of the patient in `?uid=`, or of the signed-in patient.
 */
export function MonitorScreen() {
  const { uid, own, userType } = useWatchedPatient();
  if (!uid) return <ChoosePatient userType={userType} />;
  return <MonitorView key={uid} uid={uid} own={own} />;
}

function ChoosePatient({ userType }: { userType: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t('monitor.title'));
  const to = userType === 'M' ? '/carerConnection' : '/PatientList';
  return (
    <div className="monitor">
      <h1 className="page__title">{t('monitor.title')}</h1>
      <Notice kind="info">
        {t('monitor.choosePatient')} <Link to={to}>{t('monitor.choosePatientLink')}</Link>
      </Notice>
    </div>
  );
}

const refused = (e: unknown) => e instanceof ApiFailureError && e.failure.status === 403;

function MonitorView({ uid, own }: { uid: string; own: boolean }) {
  const { t, i18n } = useTranslation();
  const [hours, setHours] = useState<ChartHours>(6);
  const status = useMonitorStatus(uid, hours);
  const profile = useMonitorProfile(uid);
  const phase = useLiveMonitor(uid, status.data?.status.eventNo);
  const now = useNow(15_000, status.data?.clockOffset ?? 0);
  const settings = profile.data?.settings ?? null;
  const prefs = useMemo(() => glucosePrefs(settings, sessionCountry()), [settings]);
  const s = status.data?.status;
  const name = s ? s.patient.alias || s.patient.realname : '';
  const title = own || !name ? t('monitor.title') : t('monitor.titleFor', { name });
  useDocumentTitle(title);
  const serverTime = s?.server_time;
  const chartWindow = useMemo(
    () => (serverTime === undefined ? null : { from: serverTime - hours * HOUR, to: serverTime }),
    [serverTime, hours],
  );
  const offset = s?.utc_offset_min ?? null;
  const lang = i18n.language;
  // Memoised: the chart's options depend on it, and a new clock would rebuild the chart.
  const clock = useMemo(() => patientClock(offset, lang, serverTime ?? 0), [offset, lang, serverTime]);

  if (phase === 'forbidden' || refused(status.error)) {
    return (
      <div className="monitor">
        <h1 className="page__title">{t('monitor.title')}</h1>
        <Notice kind="error">{t('monitor.noAccess')}</Notice>
      </div>
    );
  }
  if (!s || !chartWindow) {
    return (
      <div className="monitor">
        <h1 className="page__title">{title}</h1>
        {status.isError ? (
          <Notice kind="error">
            {t(status.error instanceof ApiFailureError ? failureKey(status.error.failure) : 'errors.network')}{' '}
            <button type="button" className="link-btn" onClick={() => void status.refetch()}>
              {t('common.reload')}
            </button>
          </Notice>
        ) : (
          <Spinner />
        )}
      </div>
    );
  }
  const dataSources = own ? '/dataSources' : `/dataSources?uid=${encodeURIComponent(uid)}`;
  return (
    <div className="monitor">
      <header className="monitor__head">
        <h1 className="page__title monitor__title">{title}</h1>
        <LiveBadge phase={phase} freshness={dataFreshness(s.sensor_status, s.pump_status, now)} />
        <div className="monitor__links">
          <Link
            className="btn btn--secondary btn--small"
            to={own ? '/alerts' : `/alerts?uid=${encodeURIComponent(uid)}`}
          >
            {t('monitorSafety.alertsLink')}
          </Link>
          <Link className="btn btn--secondary btn--small" to={dataSources}>
            {t('monitor.dataSourcesLink')}
          </Link>
          <Link
            className="btn btn--secondary btn--small"
            to={own ? '/Hcp/charts' : `/Hcp/charts?uid=${encodeURIComponent(uid)}`}
          >
            {t('monitor.reportsLink')}
          </Link>
        </div>
      </header>
      {status.isError && <Notice kind="warning">{t('monitor.refreshFailed')}</Notice>}
      {!s.sensor_status && !s.pump_status && <Notice kind="info">{t('monitor.noDevices')}</Notice>}
      <div className="monitor__cards">
        <GlucosePanel
          view={glucoseView(s.sensor_status, prefs, now)}
          time={clock.time}
          hiddenKey={
            s.sensor_status?.glucoseHidden
              ? 'monitor.glucose.hiddenByPatient'
              : settings?.glucose_display === 'Off'
                ? 'monitor.glucose.hidden'
                : null
          }
        />
        <SensorCard
          view={s.sensor_status ? sensorView(s.sensor_status, now) : null}
          now={now}
          clock={clock}
        />
        <PumpCard
          view={s.pump_status ? pumpView(s.pump_status, now) : null}
          delivery={s.pump_status ? pumpDeliveryView(s.pump_status, now) : null}
          now={now}
          clock={clock}
          unit={prefs.unit}
          showGlucose={settings?.glucose_display !== 'Off' && !s.sensor_status?.glucoseHidden}
        />
      </div>
      <MonitorChart
        chart={s.chart}
        window={chartWindow}
        prefs={prefs}
        hours={hours}
        onHours={setHours}
        showAlarms={settings?.alarm_display !== 'Off'}
        clock={clock}
      />
      {s.data_source && <p className="muted small">{t(`monitor.dataSource.${s.data_source}`)}</p>}
    </div>
  );
}
