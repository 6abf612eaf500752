import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdmSettings } from '@cgm/contract';
import type { ReportFormat } from '../report-format';
import { useDeviceSettings } from '../reports-api';
import { Loadable, ReportSection } from './loadable';
import type { ReportViewProps } from './types';

// chart6, device settings review: every PDM setting of spec §3 as the device last reported it.
// The item names reuse the PDM-settings words of the data-sources screens (dataSources.pdm.*).

const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const P = 'dataSources.pdm';

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

function Sections({ s, totals, fmt }: { s: PdmSettings; totals: Record<string, number>; fmt: ReportFormat }) {
  const { t } = useTranslation();
  const u = t('units.insulin');
  const uh = t('units.insulinRate');
  const onOff = (b: boolean) => t(b ? `${P}.on` : `${P}.off`);
  const g = (mgdl: number) => `${fmt.glucose(mgdl)} ${fmt.unit}`;
  const lim = (l: { enabled: boolean; mgdl: number }) => (l.enabled ? g(l.mgdl) : onOff(false));
  const patterns = Object.entries(s.basal.patterns) as Array<
    [string, PdmSettings['basal']['patterns']['standard']]
  >;
  return (
    <>
      <ReportSection title={t(`${P}.basal`)}>
        <Items
          rows={[
            [t(`${P}.maxBasalRate`), `${fmt.num(s.basal.max_basal_rate, 2)} ${uh}`],
            [t(`${P}.activePattern`), t(`reports.settings.pattern.${s.basal.active_pattern}`)],
          ]}
        />
        <div className="schedule-grid">
          {patterns.map(([name, list]) => (
            <Schedule
              key={name}
              title={`${t(`reports.settings.pattern.${name}`)}${name === s.basal.active_pattern ? ` (${t(`${P}.active`)})` : ''}`}
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
      <ReportSection title={t(`${P}.bolus`)}>
        <Items
          rows={[
            [t(`${P}.maxBolus`), `${fmt.num(s.bolus.max_bolus, 2)} ${u}`],
            [t(`${P}.bolusIncrement`), `${fmt.num(s.bolus.bolus_increment, 2)} ${u}`],
            [
              t(`${P}.activeInsulinTime`),
              t(`${P}.hours`, { hours: fmt.num(s.bolus.active_insulin_time_h, 1) }),
            ],
            [t(`${P}.hourlyMax`), `${fmt.num(s.delivery_limits.hourly_max_u, 2)} ${u}`],
            [t(`${P}.dailyMax`), `${fmt.num(s.delivery_limits.daily_max_u, 2)} ${u}`],
          ]}
        />
        <div className="schedule-grid">
          <Schedule
            title={t(`${P}.icRatios`)}
            rows={s.bolus.ic_ratios.map((r) => [hm(r.start_min), `${fmt.num(r.grams_per_unit, 1)} g/${u}`])}
          />
          <Schedule
            title={t(`${P}.sensitivity`)}
            rows={s.bolus.insulin_sensitivity.map((r) => [
              hm(r.start_min),
              `${fmt.glucose(r.mgdl_per_unit)} ${fmt.unit}/${u}`,
            ])}
          />
          <Schedule
            title={t(`${P}.bgTarget`)}
            rows={s.bolus.bg_target.map((r) => [
              hm(r.start_min),
              `${fmt.glucose(r.low_mgdl)}–${fmt.glucose(r.high_mgdl)} ${fmt.unit}`,
            ])}
          />
        </div>
      </ReportSection>
      <ReportSection title={t(`${P}.alerts`)}>
        <Items
          rows={[
            [t(`${P}.highLimit`), lim(s.glucose_limits.high)],
            [t(`${P}.lowLimit`), lim(s.glucose_limits.low)],
            [t(`${P}.lowSuspend`), lim(s.low_suspend)],
            [t(`${P}.predictiveLowSuspend`), lim(s.predictive_low_suspend)],
            [
              t(`${P}.predictiveAlerts`),
              t(`${P}.predictiveValue`, {
                high: onOff(s.predictive_alerts.high),
                low: onOff(s.predictive_alerts.low),
                minutes: s.predictive_alerts.minutes,
              }),
            ],
            [
              t(`${P}.riseAlert`),
              s.rate_alerts.rise.enabled
                ? `${fmt.num(fmt.toUnit(s.rate_alerts.rise.mgdl_per_min), fmt.unit === 'mg/dL' ? 0 : 2)} ${fmt.unit}/min`
                : onOff(false),
            ],
            [
              t(`${P}.fallAlert`),
              s.rate_alerts.fall.enabled
                ? `${fmt.num(fmt.toUnit(s.rate_alerts.fall.mgdl_per_min), fmt.unit === 'mg/dL' ? 0 : 2)} ${fmt.unit}/min`
                : onOff(false),
            ],
            [
              t(`${P}.calibrationReminder`),
              s.calibration_reminder.enabled
                ? t(`${P}.everyHours`, { hours: s.calibration_reminder.hours })
                : onOff(false),
            ],
            [
              t(`${P}.snoozeOnce`),
              s.snooze.once.enabled ? t(`${P}.minutes`, { minutes: s.snooze.once.minutes }) : onOff(false),
            ],
            [
              t(`${P}.snoozeDaily`),
              s.snooze.daily.enabled
                ? `${hm(s.snooze.daily.start_min)}–${hm(s.snooze.daily.end_min)}`
                : onOff(false),
            ],
            [t(`${P}.alertDelivery`), t(`${P}.delivery.${s.alert_delivery}`)],
            [
              t(`${P}.lowReservoir`),
              s.low_reservoir.enabled ? `${fmt.num(s.low_reservoir.units)} ${u}` : onOff(false),
            ],
            [
              t(`${P}.autoOff`),
              s.auto_off.enabled ? t(`${P}.hours`, { hours: s.auto_off.hours }) : onOff(false),
            ],
            [t(`${P}.sensorExpiry`), expiry(s.expiration_alerts.sensor, t, onOff)],
            [t(`${P}.patchExpiry`), expiry(s.expiration_alerts.patch, t, onOff)],
          ]}
        />
      </ReportSection>
      <ReportSection title={t(`${P}.reminders`)}>
        {s.reminders.length + s.alarm_clock.length === 0 ? (
          <p className="muted">{t(`${P}.noReminders`)}</p>
        ) : (
          <Items
            rows={[
              ...s.reminders.map((r): [string, ReactNode] => [
                `${t(`${P}.reminderKinds.${r.kind}`)}${r.label ? ` (${r.label})` : ''}`,
                `${hm(r.time_min)} · ${onOff(r.enabled)}`,
              ]),
              ...s.alarm_clock.map((a): [string, ReactNode] => [
                `${t(`${P}.alarmClock`)}${a.label ? ` (${a.label})` : ''}`,
                `${hm(a.time_min)} · ${onOff(a.enabled)}`,
              ]),
            ]}
          />
        )}
      </ReportSection>
      <ReportSection title={t(`${P}.device`)}>
        <Items
          rows={[
            [
              t(`${P}.autoMode`),
              s.auto_mode.enabled
                ? `${onOff(true)} · ${t(`${P}.autoTarget`, { target: g(s.auto_mode.target_mgdl) })}`
                : onOff(false),
            ],
            [t(`${P}.backlight`), t(`${P}.seconds`, { seconds: s.display.backlight_s })],
            [t(`${P}.timeFormat`), t(`${P}.timeFormats.${s.display.time_format}`)],
            [t(`${P}.weightUnit`), s.display.weight_unit],
            [t(`${P}.heightUnit`), s.display.height_unit],
            [t(`${P}.pumpLight`), onOff(s.display.pump_light)],
          ]}
        />
      </ReportSection>
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
