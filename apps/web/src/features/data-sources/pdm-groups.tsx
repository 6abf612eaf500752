import type { ReactNode } from 'react';
import type { PdmSettings } from '@cgm/contract';
import { glucoseDecimals, roundGlucose, toUnit, type GlucoseUnit } from '@cgm/domain';
import { basalDailyTotal, patternOrder, scheduleRows } from './pdm-view';

// The groups of the PDM settings view (spec §3 "Device settings reviewed"): basal patterns and
// bolus schedules as tables, alerts, reminders and device preferences as label–value lists.

export type T = (key: string, opts?: Record<string, unknown>) => string;

export interface Fmt {
  t: T;
  unit: GlucoseUnit;
  glucose: (mgdl: number) => string;
  units: (u: number) => string;
  rate: (u: number) => string;
  time: (minuteOfDay: number) => string;
  onOff: (on: boolean) => string;
  n: (v: number) => string;
  num: (v: number, digits: number) => string;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="pdm-group">
      <h3 className="pdm-group__title">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="facts pdm-facts">
      {items.map(([label, value]) => (
        <div key={label} className="pdm-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ScheduleTable<S extends { start_min: number }>({
  caption,
  schedule,
  columns,
  fmt,
}: {
  caption: ReactNode;
  schedule: readonly S[];
  columns: Array<[string, (s: S) => string]>;
  fmt: Fmt;
}) {
  return (
    <table className="table schedule-table">
      <caption>
        <div className="schedule-table__caption">{caption}</div>
      </caption>
      <thead>
        <tr>
          <th scope="col">{fmt.t('dataSources.pdm.time')}</th>
          {columns.map(([label]) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {scheduleRows(schedule).map((row) => (
          <tr key={row.startMin}>
            <th scope="row">{`${fmt.time(row.startMin)}–${fmt.time(row.endMin % 1440)}`}</th>
            {columns.map(([label, value]) => (
              <td key={label}>{value(row.segment)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BasalGroup({ s, fmt }: { s: PdmSettings; fmt: Fmt }) {
  const { t } = fmt;
  return (
    <Group title={t('dataSources.pdm.basal')}>
      <Facts
        items={[
          [t('dataSources.pdm.maxBasalRate'), fmt.rate(s.basal.max_basal_rate)],
          [t('dataSources.pdm.activePattern'), t(`device.pumpMode.${s.basal.active_pattern}`)],
        ]}
      />
      <div className="schedule-grid">
        {patternOrder(s).map((name) => (
          <ScheduleTable
            key={name}
            fmt={fmt}
            schedule={s.basal.patterns[name]}
            caption={
              <>
                <span className="schedule-table__name">{t(`device.pumpMode.${name}`)}</span>
                {name === s.basal.active_pattern && (
                  <span className="tag tag--active">{t('dataSources.pdm.active')}</span>
                )}
                <span className="muted small">
                  {t('dataSources.pdm.dailyTotal', {
                    total: fmt.units(basalDailyTotal(s.basal.patterns[name])),
                  })}
                </span>
              </>
            }
            columns={[[t('dataSources.pdm.rate'), (seg) => fmt.rate(seg.rate)]]}
          />
        ))}
      </div>
    </Group>
  );
}

export function BolusGroup({ s, fmt }: { s: PdmSettings; fmt: Fmt }) {
  const { t } = fmt;
  const b = s.bolus;
  const perUnit = (mgdl: number) =>
    `${fmt.num(roundGlucose(mgdl, fmt.unit), glucoseDecimals(fmt.unit))} ${fmt.unit}/${t('units.insulin')}`;
  return (
    <Group title={t('dataSources.pdm.bolus')}>
      <Facts
        items={[
          [t('dataSources.pdm.maxBolus'), fmt.units(b.max_bolus)],
          [t('dataSources.pdm.bolusIncrement'), fmt.units(b.bolus_increment)],
          [
            t('dataSources.pdm.activeInsulinTime'),
            t('dataSources.pdm.hours', { hours: fmt.n(b.active_insulin_time_h) }),
          ],
          [t('dataSources.pdm.hourlyMax'), fmt.units(s.delivery_limits.hourly_max_u)],
          [t('dataSources.pdm.dailyMax'), fmt.units(s.delivery_limits.daily_max_u)],
        ]}
      />
      <div className="schedule-grid">
        <ScheduleTable
          fmt={fmt}
          caption={t('dataSources.pdm.icRatios')}
          schedule={b.ic_ratios}
          columns={[
            [
              t('dataSources.pdm.gramsPerUnit'),
              (seg) => `${fmt.n(seg.grams_per_unit)} g/${t('units.insulin')}`,
            ],
          ]}
        />
        <ScheduleTable
          fmt={fmt}
          caption={t('dataSources.pdm.sensitivity')}
          schedule={b.insulin_sensitivity}
          columns={[[t('dataSources.pdm.perUnit'), (seg) => perUnit(seg.mgdl_per_unit)]]}
        />
        <ScheduleTable
          fmt={fmt}
          caption={t('dataSources.pdm.bgTarget')}
          schedule={b.bg_target}
          columns={[
            [t('dataSources.pdm.targetLow'), (seg) => fmt.glucose(seg.low_mgdl)],
            [t('dataSources.pdm.targetHigh'), (seg) => fmt.glucose(seg.high_mgdl)],
          ]}
        />
      </div>
    </Group>
  );
}

export function AlertsGroup({ s, fmt }: { s: PdmSettings; fmt: Fmt }) {
  const { t } = fmt;
  const limit = (l: { enabled: boolean; mgdl: number }) =>
    l.enabled ? `${fmt.onOff(true)} · ${fmt.glucose(l.mgdl)}` : fmt.onOff(false);
  const perMin = (mgdl: number) =>
    `${fmt.num(toUnit(mgdl, fmt.unit), fmt.unit === 'mg/dL' ? 1 : 2)} ${fmt.unit}/${t('dataSources.pdm.min')}`;
  const rate = (r: { enabled: boolean; mgdl_per_min: number }) =>
    r.enabled ? `${fmt.onOff(true)} · ${perMin(r.mgdl_per_min)}` : fmt.onOff(false);
  const minutes = (list: number[]) =>
    list.map((m) => t('dataSources.pdm.minutesBefore', { minutes: fmt.n(m) })).join(', ');
  return (
    <Group title={t('dataSources.pdm.alerts')}>
      <Facts
        items={[
          [t('dataSources.pdm.highLimit'), limit(s.glucose_limits.high)],
          [t('dataSources.pdm.lowLimit'), limit(s.glucose_limits.low)],
          [t('dataSources.pdm.lowSuspend'), limit(s.low_suspend)],
          [t('dataSources.pdm.predictiveLowSuspend'), limit(s.predictive_low_suspend)],
          [
            t('dataSources.pdm.predictiveAlerts'),
            t('dataSources.pdm.predictiveValue', {
              high: fmt.onOff(s.predictive_alerts.high),
              low: fmt.onOff(s.predictive_alerts.low),
              minutes: fmt.n(s.predictive_alerts.minutes),
            }),
          ],
          [t('dataSources.pdm.riseAlert'), rate(s.rate_alerts.rise)],
          [t('dataSources.pdm.fallAlert'), rate(s.rate_alerts.fall)],
          [
            t('dataSources.pdm.calibrationReminder'),
            s.calibration_reminder.enabled
              ? `${fmt.onOff(true)} · ${t('dataSources.pdm.everyHours', { hours: fmt.n(s.calibration_reminder.hours) })}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.snoozeOnce'),
            s.snooze.once.enabled
              ? `${fmt.onOff(true)} · ${t('dataSources.pdm.minutes', { minutes: fmt.n(s.snooze.once.minutes) })}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.snoozeDaily'),
            s.snooze.daily.enabled
              ? `${fmt.onOff(true)} · ${fmt.time(s.snooze.daily.start_min)}–${fmt.time(s.snooze.daily.end_min)}`
              : fmt.onOff(false),
          ],
          [t('dataSources.pdm.alertDelivery'), t(`dataSources.pdm.delivery.${s.alert_delivery}`)],
          [
            t('dataSources.pdm.lowReservoir'),
            s.low_reservoir.enabled
              ? `${fmt.onOff(true)} · ${fmt.units(s.low_reservoir.units)}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.autoOff'),
            s.auto_off.enabled
              ? `${fmt.onOff(true)} · ${t('dataSources.pdm.hours', { hours: fmt.n(s.auto_off.hours) })}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.sensorExpiry'),
            s.expiration_alerts.sensor.enabled
              ? `${fmt.onOff(true)} · ${minutes(s.expiration_alerts.sensor.minutes_before)}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.patchExpiry'),
            s.expiration_alerts.patch.enabled
              ? `${fmt.onOff(true)} · ${minutes(s.expiration_alerts.patch.minutes_before)}`
              : fmt.onOff(false),
          ],
        ]}
      />
    </Group>
  );
}

export function RemindersGroup({ s, fmt }: { s: PdmSettings; fmt: Fmt }) {
  const { t } = fmt;
  const rows = [
    ...s.reminders.map((r) => ({
      what: r.label
        ? `${t(`dataSources.pdm.reminderKinds.${r.kind}`)}: ${r.label}`
        : t(`dataSources.pdm.reminderKinds.${r.kind}`),
      time: r.time_min,
      on: r.enabled,
    })),
    ...s.alarm_clock.map((a) => ({
      what: a.label ? `${t('dataSources.pdm.alarmClock')}: ${a.label}` : t('dataSources.pdm.alarmClock'),
      time: a.time_min,
      on: a.enabled,
    })),
  ];
  return (
    <Group title={t('dataSources.pdm.reminders')}>
      {rows.length === 0 ? (
        <p className="muted small">{t('dataSources.pdm.noReminders')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('dataSources.pdm.reminder')}</th>
                <th scope="col">{t('dataSources.pdm.time')}</th>
                <th scope="col">{t('dataSources.pdm.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <td>{r.what}</td>
                  <td>{fmt.time(r.time)}</td>
                  <td>{fmt.onOff(r.on)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Group>
  );
}

export function DeviceGroup({ s, fmt }: { s: PdmSettings; fmt: Fmt }) {
  const { t } = fmt;
  return (
    <Group title={t('dataSources.pdm.device')}>
      <Facts
        items={[
          [
            t('dataSources.pdm.autoMode'),
            s.auto_mode.enabled
              ? `${fmt.onOff(true)} · ${t('dataSources.pdm.autoTarget', { target: fmt.glucose(s.auto_mode.target_mgdl) })}`
              : fmt.onOff(false),
          ],
          [
            t('dataSources.pdm.backlight'),
            t('dataSources.pdm.seconds', { seconds: fmt.n(s.display.backlight_s) }),
          ],
          [t('dataSources.pdm.timeFormat'), t(`dataSources.pdm.timeFormats.${s.display.time_format}`)],
          [t('dataSources.pdm.weightUnit'), s.display.weight_unit],
          [t('dataSources.pdm.heightUnit'), s.display.height_unit],
          [t('dataSources.pdm.pumpLight'), fmt.onOff(s.display.pump_light)],
        ]}
      />
    </Group>
  );
}
