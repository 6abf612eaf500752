import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ALERT_LIMITS,
  alertSettingsProblems,
  OPTIONAL_ALERT_KINDS,
  type AlertSettings,
  type GlucoseUnit,
} from '@cgm/domain';
import { Notice } from '../../components/notice';
import { Switch } from '../../components/switch';
import { SelectField, TextField } from '../../components/form-field';
import { alertKeys, saveAlertSettings } from './alerts-api';
import { clockToMinutes, minutesToClock, thresholdInUnit, thresholdToMgdl } from './alert-view';

interface Draft {
  on: boolean;
  unit: GlucoseUnit;
  low: string;
  high: string;
  noData: string;
  rise: string;
  fall: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  enabled: AlertSettings['enabled'];
}

function draftOf(on: boolean, s: AlertSettings): Draft {
  return {
    on,
    unit: s.unit,
    low: String(thresholdInUnit(s.lowMgdl, s.unit)),
    high: String(thresholdInUnit(s.highMgdl, s.unit)),
    noData: String(s.noDataMinutes),
    rise: String(s.riseRate),
    fall: String(s.fallRate),
    quiet: s.quietHours !== null,
    quietStart: minutesToClock(s.quietHours?.start ?? 22 * 60),
    quietEnd: minutesToClock(s.quietHours?.end ?? 7 * 60),
    enabled: s.enabled,
  };
}

function settingsOf(d: Draft): AlertSettings {
  const start = clockToMinutes(d.quietStart);
  const end = clockToMinutes(d.quietEnd);
  return {
    enabled: d.enabled,
    unit: d.unit,
    lowMgdl: thresholdToMgdl(Number(d.low), d.unit),
    highMgdl: thresholdToMgdl(Number(d.high), d.unit),
    noDataMinutes: Number(d.noData),
    riseRate: Number(d.rise),
    fallRate: Number(d.fall),
    // An unreadable time is kept as an impossible one, so the check names it.
    quietHours: d.quiet ? { start: start ?? -1, end: end ?? -1 } : null,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

/** A follower's alerts for one patient: on or off, thresholds in their unit, which alerts, quiet hours. */
export function AlertSettingsForm({
  uid,
  on,
  settings,
}: {
  uid: string;
  on: boolean;
  settings: AlertSettings;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [d, setD] = useState<Draft>(() => draftOf(on, settings));
  const [problems, setProblems] = useState<string[]>([]);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const set = (patch: Partial<Draft>) => {
    setD((x) => ({ ...x, ...patch }));
    setState('idle');
  };
  const save = async () => {
    const s = settingsOf(d);
    const found = alertSettingsProblems(s);
    setProblems(found);
    if (found.length) return;
    setState('saving');
    const res = await saveAlertSettings(uid, d.on, s);
    setState(res.ok ? 'saved' : 'failed');
    await client.invalidateQueries({ queryKey: alertKeys.settings(uid) });
  };
  const limit = (mgdl: number) => thresholdInUnit(mgdl, d.unit);
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Switch label={t('alerts.settings.on')} checked={d.on} onChange={(v) => set({ on: v })} />
      <p className="muted small">{t('alerts.settings.urgentLowAlways')}</p>
      <SelectField
        label={t('alerts.settings.unit')}
        value={d.unit}
        onValue={(v) => {
          const unit = v as GlucoseUnit;
          const s = settingsOf(d);
          set({
            unit,
            low: String(thresholdInUnit(s.lowMgdl, unit)),
            high: String(thresholdInUnit(s.highMgdl, unit)),
          });
        }}
        options={[
          { value: 'mg/dL', label: 'mg/dL' },
          { value: 'mmol/L', label: 'mmol/L' },
        ]}
      />
      <div className="alert-settings__row">
        <TextField
          label={t('alerts.settings.low', { unit: d.unit })}
          type="number"
          step="any"
          value={d.low}
          onValue={(v) => set({ low: v })}
          hint={t('alerts.settings.range', {
            min: limit(ALERT_LIMITS.lowMgdl.min),
            max: limit(ALERT_LIMITS.lowMgdl.max),
          })}
        />
        <TextField
          label={t('alerts.settings.high', { unit: d.unit })}
          type="number"
          step="any"
          value={d.high}
          onValue={(v) => set({ high: v })}
          hint={t('alerts.settings.range', {
            min: limit(ALERT_LIMITS.highMgdl.min),
            max: limit(ALERT_LIMITS.highMgdl.max),
          })}
        />
        <TextField
          label={t('alerts.settings.noData')}
          type="number"
          value={d.noData}
          onValue={(v) => set({ noData: v })}
          hint={t('alerts.settings.range', {
            min: ALERT_LIMITS.noDataMinutes.min,
            max: ALERT_LIMITS.noDataMinutes.max,
          })}
        />
        <TextField
          label={t('alerts.settings.rise')}
          type="number"
          step="any"
          value={d.rise}
          onValue={(v) => set({ rise: v })}
        />
        <TextField
          label={t('alerts.settings.fall')}
          type="number"
          step="any"
          value={d.fall}
          onValue={(v) => set({ fall: v })}
        />
      </div>
      <fieldset className="alert-settings__kinds">
        <legend>{t('alerts.settings.which')}</legend>
        {OPTIONAL_ALERT_KINDS.map((k) => (
          <Switch
            key={k}
            label={t(`alerts.kind.${k}`)}
            checked={d.enabled[k]}
            onChange={(v) => set({ enabled: { ...d.enabled, [k]: v } })}
          />
        ))}
      </fieldset>
      <Switch
        label={t('alerts.settings.quiet')}
        description={t('alerts.settings.quietHint')}
        checked={d.quiet}
        onChange={(v) => set({ quiet: v })}
      />
      {d.quiet && (
        <div className="alert-settings__row">
          <TextField
            label={t('alerts.settings.quietStart')}
            type="time"
            value={d.quietStart}
            onValue={(v) => set({ quietStart: v })}
          />
          <TextField
            label={t('alerts.settings.quietEnd')}
            type="time"
            value={d.quietEnd}
            onValue={(v) => set({ quietEnd: v })}
          />
        </div>
      )}
      {problems.length > 0 && (
        <Notice kind="error">
          {problems.map((p) => (
            <span key={p} className="block">
              {t(p)}
            </span>
          ))}
        </Notice>
      )}
      {state === 'saved' && <Notice kind="success">{t('alerts.settings.saved')}</Notice>}
      {state === 'failed' && <Notice kind="error">{t('alerts.settings.failed')}</Notice>}
      <div>
        <button type="submit" className="btn btn--primary" disabled={state === 'saving'}>
          {t('alerts.settings.save')}
        </button>
      </div>
    </form>
  );
}
