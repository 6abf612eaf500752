import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewedPdmSettings } from '@cgm/contract';
import type { ReportFormat } from '../report-format';
import { useDeviceSettings } from '../reports-api';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

// chart6, device settings review: every PDM setting of spec §3 as the device last reported it.
// Settings uploaded from another app (a Nightscout profile) hold only part of them; the rest is
// left out of the screen rather than shown as a value nobody set.
// The item names reuse the PDM-settings words of the data-sources screens (dataSources.pdm.*).

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const P = 'dataSources.pdm';
/** The pump's weight and height units, in the reader's language. */
export const BODY_UNIT_KEYS = {
  kg: 'units.kg',
  lb: 'reports.units.lb',
  cm: 'units.cm',
  in: 'reports.units.in',
} as const;

export function DeviceSettingsReport({ ctx }: ReportViewProps) {
  const { t } = useTranslation();
  const q = useDeviceSettings(ctx.uid);
  const { fmt } = ctx;
  return (
    <Loadable q={q}>
      {(res) => {
        if (!res.settings) return <p className="muted">{t(`${P}.none`)}</p>;
        const off = res.utc_offset_min ?? 0;
        return (
          <div className="report report--settings">
            <p className="report__facts">
              {t('reports.settings.read', {
                serial: res.serial ?? res.settings.pdm_serial,
                time: res.time === null ? '--' : fmt.dateTime(res.time, off),
                source: res.source ? t(`reports.source.${res.source}`) : '--',
              })}
            </p>
            <Sections s={res.settings} totals={res.basal_totals} fmt={fmt} />
            {res.changes.length > 0 && (
              <ReportSection title={t('reports.settings.changes')}>
                <ul className="inline-list small">
                  {res.changes.map((c) => (
                    <li key={c}>{fmt.dateTime(c, off)}</li>
                  ))}
                </ul>
              </ReportSection>
            )}
          </div>
        );
      }}
    </Loadable>
  );
}

/** A row whose value is undefined is a setting the source did not send: it is left out. */
type Row = [string, ReactNode | undefined];
const sent = (rows: Row[]) => rows.filter((r): r is [string, ReactNode] => r[1] !== undefined);

function Sections({
  s,
  totals,
  fmt,
}: {
  s: ReviewedPdmSettings;
  totals: Record<string, number>;
  fmt: ReportFormat;
}) {
  const { t } = useTranslation();
  const u = t('units.insulin');
  const uh = t('units.insulinRate');
  const onOff = (b: boolean) => t(b ? `${P}.on` : `${P}.off`);
  const g = (mgdl: number) => `${fmt.glucoseLimit(mgdl)} ${fmt.unit}`;
  const lim = (l?: { enabled: boolean; mgdl: number }) => l && (l.enabled ? g(l.mgdl) : onOff(false));
  const rate = (r?: { enabled: boolean; mgdl_per_min: number }) =>
    r &&
    (r.enabled
      ? `${fmt.num(fmt.toUnit(r.mgdl_per_min), fmt.unit === 'mg/dL' ? 0 : 2)} ${t('reports.units.perMinute', { unit: fmt.unit })}`
      : onOff(false));
  const basal = s.basal;
  const bolus = s.bolus;
  const patterns = Object.entries(basal?.patterns ?? {}).flatMap(([name, list]) =>
    list ? [[name, list] as const] : [],
  );
  const basalRows = sent([
    [
      t(`${P}.maxBasalRate`),
      basal?.max_basal_rate === undefined ? undefined : `${fmt.num(basal.max_basal_rate, 2)} ${uh}`,
    ],
    [t(`${P}.activePattern`), basal && t(`reports.settings.pattern.${basal.active_pattern}`)],
  ]);
  const bolusRows = sent([
    [t(`${P}.maxBolus`), bolus?.max_bolus === undefined ? undefined : `${fmt.num(bolus.max_bolus, 2)} ${u}`],
    [
      t(`${P}.bolusIncrement`),
      bolus?.bolus_increment === undefined ? undefined : `${fmt.num(bolus.bolus_increment, 2)} ${u}`,
    ],
    [
      t(`${P}.activeInsulinTime`),
      bolus?.active_insulin_time_h === undefined
        ? undefined
        : t(`${P}.hours`, { hours: fmt.num(bolus.active_insulin_time_h, 1) }),
    ],
    [t(`${P}.hourlyMax`), s.delivery_limits && `${fmt.num(s.delivery_limits.hourly_max_u, 2)} ${u}`],
    [t(`${P}.dailyMax`), s.delivery_limits && `${fmt.num(s.delivery_limits.daily_max_u, 2)} ${u}`],
  ]);
  const alertRows = sent([
    [t(`${P}.highLimit`), lim(s.glucose_limits?.high)],
    [t(`${P}.lowLimit`), lim(s.glucose_limits?.low)],
    [t(`${P}.lowSuspend`), lim(s.low_suspend)],
    [t(`${P}.predictiveLowSuspend`), lim(s.predictive_low_suspend)],
    [
      t(`${P}.predictiveAlerts`),
      s.predictive_alerts &&
        t(`${P}.predictiveValue`, {
          high: onOff(s.predictive_alerts.high),
          low: onOff(s.predictive_alerts.low),
          minutes: s.predictive_alerts.minutes,
        }),
    ],
    [t(`${P}.riseAlert`), rate(s.rate_alerts?.rise)],
    [t(`${P}.fallAlert`), rate(s.rate_alerts?.fall)],
    [
      t(`${P}.calibrationReminder`),
      s.calibration_reminder &&
        (s.calibration_reminder.enabled
          ? t(`${P}.everyHours`, { hours: s.calibration_reminder.hours })
          : onOff(false)),
    ],
    [
      t(`${P}.snoozeOnce`),
      s.snooze &&
        (s.snooze.once.enabled ? t(`${P}.minutes`, { minutes: s.snooze.once.minutes }) : onOff(false)),
    ],
    [
      t(`${P}.snoozeDaily`),
      s.snooze &&
        (s.snooze.daily.enabled
          ? `${hm(s.snooze.daily.start_min)}–${hm(s.snooze.daily.end_min)}`
          : onOff(false)),
    ],
    [t(`${P}.alertDelivery`), s.alert_delivery && t(`${P}.delivery.${s.alert_delivery}`)],
    [
      t(`${P}.lowReservoir`),
      s.low_reservoir && (s.low_reservoir.enabled ? `${fmt.num(s.low_reservoir.units)} ${u}` : onOff(false)),
    ],
    [
      t(`${P}.autoOff`),
      s.auto_off && (s.auto_off.enabled ? t(`${P}.hours`, { hours: s.auto_off.hours }) : onOff(false)),
    ],
    [t(`${P}.sensorExpiry`), s.expiration_alerts && expiry(s.expiration_alerts.sensor, t, onOff)],
    [t(`${P}.patchExpiry`), s.expiration_alerts && expiry(s.expiration_alerts.patch, t, onOff)],
  ]);
  const deviceRows = sent([
    [
      t(`${P}.autoMode`),
      s.auto_mode &&
        (s.auto_mode.enabled
          ? `${onOff(true)} · ${t(`${P}.autoTarget`, { target: g(s.auto_mode.target_mgdl) })}`
          : onOff(false)),
    ],
    [t(`${P}.backlight`), s.display && t(`${P}.seconds`, { seconds: s.display.backlight_s })],
    [t(`${P}.timeFormat`), s.display && t(`${P}.timeFormats.${s.display.time_format}`)],
    [t(`${P}.weightUnit`), s.display && t(BODY_UNIT_KEYS[s.display.weight_unit])],
    [t(`${P}.heightUnit`), s.display && t(BODY_UNIT_KEYS[s.display.height_unit])],
    [t(`${P}.pumpLight`), s.display && onOff(s.display.pump_light)],
  ]);
  const reminders = s.reminders ?? [];
  const alarms = s.alarm_clock ?? [];
  return (
    <>
      {basal && (
        <ReportSection title={t(`${P}.basal`)}>
          <Items rows={basalRows} />
          <div className="schedule-grid">
            {patterns.map(([name, list]) => (
              <Schedule
                key={name}
                title={`${t(`reports.settings.pattern.${name}`)}${name === basal.active_pattern ? ` (${t(`${P}.active`)})` : ''}`}
                note={
                  totals[name] !== undefined
                    ? t(`${P}.dailyTotal`, { total: `${fmt.insulin(totals[name])} ${u}` })
                    : undefined
                }
                rows={list.map((seg) => [hm(seg.start_min), `${fmt.num(seg.rate, 2)} ${uh}`])}
              />
            ))}
          </div>
        </ReportSection>
      )}
      {(bolus || bolusRows.length > 0) && (
        <ReportSection title={t(`${P}.bolus`)}>
          {bolusRows.length > 0 && <Items rows={bolusRows} />}
          <div className="schedule-grid">
            {bolus?.ic_ratios && (
              <Schedule
                title={t(`${P}.icRatios`)}
                rows={bolus.ic_ratios.map((r) => [
                  hm(r.start_min),
                  `${fmt.num(r.grams_per_unit, 1)} ${t('events.unit.grams')}/${u}`,
                ])}
              />
            )}
            {bolus?.insulin_sensitivity && (
              <Schedule
                title={t(`${P}.sensitivity`)}
                rows={bolus.insulin_sensitivity.map((r) => [
                  hm(r.start_min),
                  `${fmt.glucoseLimit(r.mgdl_per_unit)} ${fmt.unit}/${u}`,
                ])}
              />
            )}
            {bolus?.bg_target && (
              <Schedule
                title={t(`${P}.bgTarget`)}
                rows={bolus.bg_target.map((r) => [
                  hm(r.start_min),
                  `${fmt.glucoseLimit(r.low_mgdl)}–${fmt.glucoseLimit(r.high_mgdl)} ${fmt.unit}`,
                ])}
              />
            )}
          </div>
        </ReportSection>
      )}
      {alertRows.length > 0 && (
        <ReportSection title={t(`${P}.alerts`)}>
          <Items rows={alertRows} />
        </ReportSection>
      )}
      {(s.reminders || s.alarm_clock) && (
        <ReportSection title={t(`${P}.reminders`)}>
          {reminders.length + alarms.length === 0 ? (
            <p className="muted">{t(`${P}.noReminders`)}</p>
          ) : (
            <Items
              rows={[
                ...reminders.map((r): [string, ReactNode] => [
                  `${t(`${P}.reminderKinds.${r.kind}`)}${r.label ? ` (${r.label})` : ''}`,
                  `${hm(r.time_min)} · ${onOff(r.enabled)}`,
                ]),
                ...alarms.map((a): [string, ReactNode] => [
                  `${t(`${P}.alarmClock`)}${a.label ? ` (${a.label})` : ''}`,
                  `${hm(a.time_min)} · ${onOff(a.enabled)}`,
                ]),
              ]}
            />
          )}
        </ReportSection>
      )}
      {deviceRows.length > 0 && (
        <ReportSection title={t(`${P}.device`)}>
          <Items rows={deviceRows} />
        </ReportSection>
      )}
    </>
  );
}

function expiry(
  e: { enabled: boolean; minutes_before: number[] },
  t: (k: string, o?: Record<string, unknown>) => string,
  onOff: (b: boolean) => string,
): string {
  if (!e.enabled) return onOff(false);
  return e.minutes_before.map((m) => t(`${P}.minutesBefore`, { minutes: m })).join(', ') || onOff(true);
}

function Items({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="items">
      {rows.map(([k, v]) => (
        <div key={k} className="items__row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Schedule({ title, rows, note }: { title: string; rows: Array<[string, string]>; note?: string }) {
  return (
    <table className="table table--compact schedule">
      <caption>
        {title}
        {note && <span className="muted small"> · {note}</span>}
      </caption>
      <tbody>
        {rows.map(([a, b]) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
