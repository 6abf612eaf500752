import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpiryAlert, GlucoseUnit } from '@cgm/domain';
import { Notice } from '../../components/notice';
import { formatNumber } from '../../i18n/format';
import { formatAge, formatDuration } from '../../i18n/format-time';
import type { PatientClock } from './patient-clock';
import { BatteryIcon } from './battery-icon';
import { PumpDeliveryFacts } from './pump-delivery-facts';
import type { PumpDeliveryView } from './pump-delivery-view';
import type { Battery, PumpView, SensorView } from './status-view';

const DASH = '--';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children ?? DASH}</dd>
    </>
  );
}

function BatteryValue({ battery }: { battery: Battery | null }) {
  const { i18n } = useTranslation();
  if (!battery) return <>{DASH}</>;
  return (
    <span className={battery.level <= 1 ? 'battery-value battery-value--low' : 'battery-value'}>
      <BatteryIcon level={battery.level} />
      {formatNumber(battery.percent / 100, i18n.language, { style: 'percent' })}
    </span>
  );
}

/** The expiry warning of a sensor (6 h, 2 h, 30 min) or a patch (1 h), spec §9. */
function ExpiryNotice({
  alert,
  device,
  leftMs,
}: {
  alert: ExpiryAlert;
  device: 'sensor' | 'patch';
  leftMs: number | null;
}) {
  const { t, i18n } = useTranslation();
  if (!alert) return null;
  if (alert.kind === 'expired') {
    return <Notice kind="error">{t(`monitor.expiry.${device}Expired`)}</Notice>;
  }
  return (
    <Notice kind="warning">
      {t(`monitor.expiry.${device}Expiring`, {
        time: formatDuration(alert.thresholdMinutes * 60_000, i18n.language),
        left: formatDuration(leftMs ?? 0, i18n.language),
      })}
    </Notice>
  );
}

function StaleNote({ updateTime, now }: { updateTime: number; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="muted small">
      {updateTime > 0
        ? t('monitor.device.stale', { age: formatAge(now - updateTime, i18n.language) })
        : t('monitor.device.noData')}
    </p>
  );
}

/** Sensor: state, serial, life left with expiry alerts, battery, last calibration (spec §3, §4, §9). */
export function SensorCard({
  view,
  now,
  clock,
}: {
  view: SensorView | null;
  now: number;
  clock: Pick<PatientClock, 'dateTime'>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="monitor-card device-card" aria-labelledby="sensor-title">
      <h2 id="sensor-title" className="monitor-card__title">
        {t('monitor.sensor.title')}
      </h2>
      {!view ? (
        <p className="muted">{t('monitor.sensor.none')}</p>
      ) : (
        <>
          <ExpiryNotice alert={view.expiry} device="sensor" leftMs={view.lifeLeftMs} />
          <dl className="facts device-facts">
            <Fact label={t('monitor.sensor.state')}>{view.stateKey ? t(view.stateKey) : view.state}</Fact>
            <Fact label={t('monitor.sensor.serial')}>{view.serial || null}</Fact>
            <Fact label={t('monitor.sensor.lifeLeft')}>
              {view.lifeLeftMs === null ? null : formatDuration(view.lifeLeftMs, lang)}
            </Fact>
            <Fact label={t('monitor.device.battery')}>
              <BatteryValue battery={view.battery} />
            </Fact>
            <Fact label={t('monitor.sensor.lastCalibration')}>
              {view.lastCalibration === null
                ? t('monitor.sensor.noCalibration')
                : `${clock.dateTime(view.lastCalibration)} (${formatAge(now - view.lastCalibration, lang)})`}
            </Fact>
          </dl>
          {view.stale && <StaleNote updateTime={view.updateTime} now={now} />}
        </>
      )}
    </section>
  );
}

/** Pump and patch: state and mode, basal, temp basal, bolus in progress, wizard, last bolus, IOB, reservoir, battery, patch life. */
export function PumpCard({
  view,
  delivery,
  now,
  clock,
  unit,
  showGlucose,
}: {
  view: PumpView | null;
  delivery: PumpDeliveryView | null;
  now: number;
  /** Times on the patient's clock. */
  clock: Pick<PatientClock, 'time'>;
  unit: GlucoseUnit;
  showGlucose: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const u = (v: number | null, digits = 2) =>
    v === null
      ? null
      : `${formatNumber(v, lang, { minimumFractionDigits: digits, maximumFractionDigits: 2 })} ${t('units.insulin')}`;
  const rate = (v: number | null) =>
    v === null
      ? null
      : `${formatNumber(v, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${t('units.insulinRate')}`;
  return (
    <section className="monitor-card device-card" aria-labelledby="pump-title">
      <h2 id="pump-title" className="monitor-card__title">
        {t('monitor.pump.title')}
      </h2>
      {!view ? (
        <p className="muted">{t('monitor.pump.none')}</p>
      ) : (
        <>
          <ExpiryNotice alert={view.expiry} device="patch" leftMs={view.lifeLeftMs} />
          <p className={`pump-state pump-state--${view.category ?? 'unknown'}`}>
            <span className="pump-state__dot" aria-hidden="true" />
            <span className="pump-state__text">{view.stateKey ? t(view.stateKey) : DASH}</span>
            {view.modeKey && !view.autoMode && <span className="pump-state__mode">{t(view.modeKey)}</span>}
          </p>
          <dl className="facts device-facts">
            <Fact label={t('monitor.pump.patchState')}>
              {view.patchStateKey ? t(view.patchStateKey) : view.patchState}
            </Fact>
            {view.suspendedSince !== null && (
              <Fact label={t('monitor.pump.suspendedSince')}>{clock.time(view.suspendedSince)}</Fact>
            )}
            <Fact label={t('monitor.pump.basalRate')}>{rate(view.basalRate)}</Fact>
            {view.tempBasal && (
              <Fact label={t('monitor.pump.tempBasal')}>
                {t('monitor.pump.tempBasalUntil', {
                  rate: rate(view.tempBasal.rate),
                  time: clock.time(view.tempBasal.endsAt),
                })}
              </Fact>
            )}
            {delivery && <PumpDeliveryFacts view={delivery} unit={unit} showGlucose={showGlucose} />}
            <Fact label={t('monitor.pump.lastBolus')}>
              {view.lastBolus
                ? `${u(view.lastBolus.amount)} · ${clock.time(view.lastBolus.time)} (${formatAge(now - view.lastBolus.time, lang)})${
                    view.lastBolus.codeKey ? ` · ${t(view.lastBolus.codeKey)}` : ''
                  }`
                : null}
            </Fact>
            <Fact label={t('monitor.pump.iob')}>{u(view.iob)}</Fact>
            <Fact label={t('monitor.pump.reservoir')}>{u(view.reservoir, 0)}</Fact>
            <Fact label={t('monitor.device.battery')}>
              <BatteryValue battery={view.battery} />
            </Fact>
            <Fact label={t('monitor.pump.patchLifeLeft')}>
              {view.lifeLeftMs === null ? null : formatDuration(view.lifeLeftMs, lang)}
            </Fact>
            <Fact label={t('monitor.pump.serial')}>{view.serial || null}</Fact>
            {view.pdmSerial && <Fact label={t('monitor.pump.pdmSerial')}>{view.pdmSerial}</Fact>}
          </dl>
          {view.stale && <StaleNote updateTime={view.updateTime} now={now} />}
        </>
      )}
    </section>
  );
}
