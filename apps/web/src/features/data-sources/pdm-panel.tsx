import { useTranslation } from 'react-i18next';
import { defaultGlucoseUnit, glucoseDecimals, roundGlucose, type GlucoseUnit } from '@cgm/domain';
import { SESSION_KEYS } from '../../session/session';
import { formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { sessionStore } from '../../lib/storage';
import { usePdmSettings, useSettings } from './data-sources-api';
import { AlertsGroup, BasalGroup, BolusGroup, DeviceGroup, RemindersGroup, type Fmt } from './pdm-groups';
import { minuteAsUtc } from './pdm-view';
import { QueryState } from './query-state';

/** Times of day as the PDM shows them: its own 12- or 24-hour format. */
function useFmt(unit: GlucoseUnit, timeFormat: '12h' | '24h'): Fmt {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const clock = new Intl.DateTimeFormat(lang, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    hourCycle: timeFormat === '24h' ? 'h23' : 'h12',
  });
  const num = (v: number, digits: number) =>
    formatNumber(v, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    t,
    unit,
    glucose: (mgdl) => `${num(roundGlucose(mgdl, unit), glucoseDecimals(unit))} ${unit}`,
    units: (u) => `${num(u, 2)} ${t('units.insulin')}`,
    rate: (u) => `${num(u, 2)} ${t('units.insulinRate')}`,
    time: (m) => clock.format(minuteAsUtc(m)),
    onOff: (on) => t(on ? 'dataSources.pdm.on' : 'dataSources.pdm.off'),
    n: (v) => formatNumber(v, lang),
    num,
  };
}

/** PDM settings (spec §3 "Device settings reviewed"): every item, grouped as on the device. */
export function PdmPanel({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const query = usePdmSettings(uid);
  const settings = useSettings(uid);
  const unit = settings.data?.unit ?? defaultGlucoseUnit(sessionStore().getItem(SESSION_KEYS.locCode) ?? '');
  const fmt = useFmt(unit, query.data?.settings?.display.time_format ?? '24h');
  if (!query.data) return <QueryState pending={query.isPending} error={query.error} />;
  const s = query.data.settings;
  if (!s) return <p className="muted">{t('dataSources.pdm.none')}</p>;
  return (
    <div className="pdm">
      <dl className="facts">
        <dt>{t('dataSources.pdm.serial')}</dt>
        <dd>{query.data.serial ?? s.pdm_serial}</dd>
        {query.data.time !== undefined && (
          <>
            <dt>{t('dataSources.pdm.since')}</dt>
            <dd>{formatDateTime(query.data.time, i18n.language)}</dd>
          </>
        )}
        {query.data.source && (
          <>
            <dt>{t('dataSources.pdm.source')}</dt>
            <dd>{t(`dataSources.sources.${query.data.source}`)}</dd>
          </>
        )}
      </dl>
      <BasalGroup s={s} fmt={fmt} />
      <BolusGroup s={s} fmt={fmt} />
      <AlertsGroup s={s} fmt={fmt} />
      <RemindersGroup s={s} fmt={fmt} />
      <DeviceGroup s={s} fmt={fmt} />
    </div>
  );
}
