import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_DEVICE_TYPES } from '@cgm/domain';
import type { FirmwareRelease } from '@cgm/contract';
import { SelectField, TextField } from '../../../components/form-field';
import { Notice } from '../../../components/notice';

export interface FirmwareDraft {
  device_type: string;
  version: string;
  notes: string;
  target_serials: string[];
  target_regions: string[];
}

/** Serials or regions typed one per line or separated by commas/spaces. */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The fields of a release: device type and version only when creating (a version is what it is;
 * a wrong one is withdrawn and a new one created); notes and targets always.
 */
export function FirmwareForm(props: {
  release?: FirmwareRelease;
  busy: boolean;
  errors: Record<string, string>;
  failure: string | null;
  onSubmit: (draft: FirmwareDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const r = props.release;
  const [deviceType, setDeviceType] = useState<string>(r?.device_type ?? 'patch');
  const [version, setVersion] = useState(r?.version ?? '');
  const [notes, setNotes] = useState(r?.notes ?? '');
  const [serials, setSerials] = useState(r?.target_serials.join('\n') ?? '');
  const [regions, setRegions] = useState(r?.target_regions.join(', ') ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit({
      device_type: deviceType,
      version: version.trim(),
      notes,
      target_serials: splitList(serials),
      target_regions: splitList(regions),
    });
  };
  const err = (path: string) =>
    props.errors[path] ?? Object.entries(props.errors).find(([k]) => k.startsWith(`${path}.`))?.[1];
  return (
    <form className="form" onSubmit={submit} noValidate>
      {!r && (
        <div className="ops-toolbar">
          <SelectField
            label={t('firmware.deviceType')}
            value={deviceType}
            onValue={setDeviceType}
            options={FIRMWARE_DEVICE_TYPES.map((d) => ({ value: d, label: t(`firmware.deviceTypes.${d}`) }))}
          />
          <TextField
            label={t('firmware.version')}
            value={version}
            onValue={setVersion}
            required
            placeholder="1.4.0"
            hint={t('firmware.versionHint')}
            error={err('version')}
          />
        </div>
      )}
      <label className="field">
        <span className="field__label">{t('firmware.notes')}</span>
        <textarea
          className="input"
          rows={4}
          maxLength={4000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('firmware.targetSerials')}</span>
        <textarea className="input" rows={3} value={serials} onChange={(e) => setSerials(e.target.value)} />
        <span className="field__hint">{t('firmware.targetSerialsHint')}</span>
        {err('target_serials') && <span className="field__errors">{err('target_serials')}</span>}
      </label>
      <TextField
        label={t('firmware.targetRegions')}
        value={regions}
        onValue={setRegions}
        hint={t('firmware.targetRegionsHint')}
        error={err('target_regions')}
      />
      {props.failure && <Notice kind="error">{props.failure}</Notice>}
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {t(r ? 'firmware.saveEdit' : 'firmware.create')}
        </button>
      </div>
    </form>
  );
}
