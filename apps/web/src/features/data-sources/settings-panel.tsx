import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MonitorGlucoseKey, MonitorSettings } from '@cgm/contract';
import { GLUCOSE_UNITS, type GlucoseUnit } from '@cgm/domain';
import { ApiFailureError } from '../../api/errors';
import { patientKeys, saveMonitorSettings } from '../../api/patient-settings';
import { unwrap } from '../../api/api';
import { Notice } from '../../components/notice';
import { Switch } from '../../components/switch';
import { decimalSeparator } from '../../i18n/format';
import { useSettings } from './data-sources-api';
import { failureText, QueryState } from './query-state';
import {
  clampedLows,
  convertDraft,
  draftOf,
  fieldErrors,
  LIMIT_ROWS,
  lowClampRange,
  updateOf,
  type SettingsDraft,
} from './settings-form';

/** The monitor thresholds (spec §3 "Settings"): targets, limits per meal period, hypo, display. */
export function SettingsPanel({ uid }: { uid: string }) {
  const query = useSettings(uid);
  if (!query.data) return <QueryState pending={query.isPending} error={query.error} />;
  return <SettingsEditor uid={uid} settings={query.data} />;
}

function SettingsEditor({ uid, settings }: { uid: string; settings: MonitorSettings }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // Values are written with the language's decimal sign, like every other number on the screen.
  const decimal = decimalSeparator(i18n.language);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings, settings.unit, decimal));
  const [errors, setErrors] = useState<Partial<Record<MonitorGlucoseKey, string>>>({});
  const save = useMutation({
    mutationFn: async (d: SettingsDraft) => {
      const check = updateOf(d);
      if (!check.ok) {
        setErrors(check.errors);
        return null;
      }
      setErrors({});
      return unwrap(await saveMonitorSettings(uid, check.update)).settings;
    },
    onSuccess: (saved, sent) => {
      if (!saved) return;
      // Show what was stored: the lows after the clamp, in the unit the user wrote in.
      setDraft(draftOf(saved, sent.unit, decimal));
      queryClient.setQueryData(patientKeys.settings(uid), saved);
      void queryClient.invalidateQueries({ queryKey: patientKeys.monitorProfile(uid) });
    },
    onError: (e) => {
      if (e instanceof ApiFailureError) setErrors(fieldErrors(e.failure.body.details));
    },
  });
  const clamps = clampedLows(draft);
  const range = lowClampRange(draft.unit, decimal);
  const setValue = (key: MonitorGlucoseKey, value: string) =>
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));

  const input = (key: MonitorGlucoseKey, label: string) => {
    const error = errors[key];
    const note = clamps[key];
    const describedBy = [error ? `${key}-error` : '', note ? `${key}-clamp` : ''].filter(Boolean).join(' ');
    return (
      <div className={error ? 'glucose-input field--invalid' : 'glucose-input'}>
        <input
          id={`setting-${key}`}
          className="input input--glucose"
          inputMode="decimal"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          value={draft.values[key]}
          onChange={(e) => setValue(key, e.target.value)}
        />
        {note && (
          <div id={`${key}-clamp`} className="field__hint">
            {t('dataSources.settings.willBeSaved', { value: note, unit: draft.unit })}
          </div>
        )}
        {error && (
          <div id={`${key}-error`} className="field__errors">
            {t(error)}
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      className="form settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <p className="muted">{t('dataSources.settings.lead')}</p>
      {!settings.saved && <Notice kind="info">{t('dataSources.settings.defaults')}</Notice>}
      <fieldset className="segmented">
        <legend className="field__label">{t('dataSources.settings.unit')}</legend>
        {GLUCOSE_UNITS.map((unit: GlucoseUnit) => (
          <label key={unit} className="segmented__option">
            <input
              type="radio"
              name="unit"
              checked={draft.unit === unit}
              onChange={() => setDraft((d) => convertDraft(d, unit))}
            />
            {unit}
          </label>
        ))}
      </fieldset>

      <fieldset className="settings-form__group">
        <legend className="field__label">{t('dataSources.settings.targetRange')}</legend>
        <div className="settings-form__pair">
          <label htmlFor="setting-target_low">{t('dataSources.settings.from')}</label>
          {input('target_low', t('dataSources.settings.targetLow'))}
          <label htmlFor="setting-target_high">{t('dataSources.settings.to')}</label>
          {input('target_high', t('dataSources.settings.targetHigh'))}
          <span className="unit">{draft.unit}</span>
        </div>
        <div className="settings-form__pair">
          <label htmlFor="setting-hypo">{t('dataSources.settings.hypo')}</label>
          {input('hypo', t('dataSources.settings.hypo'))}
          <span className="unit">{draft.unit}</span>
        </div>
      </fieldset>

      <fieldset className="settings-form__group">
        <legend className="field__label">{t('dataSources.settings.limits')}</legend>
        <p className="field__hint">
          {t('dataSources.settings.clampExplained', { ...range, unit: draft.unit })}
        </p>
        <div className="table-scroll">
          <table className="table settings-table">
            <thead>
              <tr>
                <th scope="col">{t('dataSources.settings.period')}</th>
                <th scope="col">{t('dataSources.settings.low', { unit: draft.unit })}</th>
                <th scope="col">{t('dataSources.settings.high', { unit: draft.unit })}</th>
              </tr>
            </thead>
            <tbody>
              {LIMIT_ROWS.map((row) => {
                const period = t(`dataSources.settings.periods.${row.id}`);
                return (
                  <tr key={row.id}>
                    <th scope="row">{period}</th>
                    <td>
                      {input(row.low, `${period}, ${t('dataSources.settings.low', { unit: draft.unit })}`)}
                    </td>
                    <td>
                      {input(row.high, `${period}, ${t('dataSources.settings.high', { unit: draft.unit })}`)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      <Switch
        label={t('dataSources.settings.alarmDisplay')}
        description={t('dataSources.settings.alarmDisplayHint')}
        checked={draft.alarmDisplay}
        onChange={(alarmDisplay) => setDraft((d) => ({ ...d, alarmDisplay }))}
      />
      <Switch
        label={t('dataSources.settings.glucoseDisplay')}
        description={t('dataSources.settings.glucoseDisplayHint')}
        checked={draft.glucoseDisplay}
        onChange={(glucoseDisplay) => setDraft((d) => ({ ...d, glucoseDisplay }))}
      />
      {Object.keys(errors).length > 0 && <Notice kind="error">{t('messages.informationIncomplete')}</Notice>}
      {save.isError && Object.keys(errors).length === 0 && (
        <Notice kind="error">{failureText(save.error, t, 'messages.modifyFailed')}</Notice>
      )}
      {save.isSuccess && save.data && <Notice kind="success">{t('success.saved')}</Notice>}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}
