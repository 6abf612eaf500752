import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOption } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { unwrap } from '../../api/api';
import { ApiFailureError } from '../../api/errors';
import { Notice } from '../../components/notice';
import { formatIsoDate } from '../../i18n/format';
import { dataKeys, saveDataOptions, useDataOptions } from './data-sources-api';
import {
  draftOfOptions,
  newRangeKey,
  OPTION_NAMES,
  optionsOfDraft,
  RANGE_KINDS,
  serverErrors,
  type OptionName,
  type OptionsDraft,
  type RangeDraft,
  type RangeKind,
} from './data-options';
import { failureText, QueryState } from './query-state';

/** Data options (spec §3, §4 "Data option"): the real-time apps (daopapp) or the PDM, per device and time. */
export function OptionsPanel({ uid, editable }: { uid: string; editable: boolean }) {
  const query = useDataOptions(uid);
  if (!query.data) return <QueryState pending={query.isPending} error={query.error} />;
  return editable ? (
    <OptionsEditor uid={uid} options={query.data} />
  ) : (
    <OptionsView draft={draftOfOptions(query.data)} />
  );
}

function RangeText({ range }: { range: RangeDraft }) {
  const { t, i18n } = useTranslation();
  const from = formatIsoDate(range.start, i18n.language, 'medium');
  return (
    <>
      {range.end
        ? t('dataSources.options.rangeText', { from, to: formatIsoDate(range.end, i18n.language, 'medium') })
        : t('dataSources.options.openRangeText', { from })}
    </>
  );
}

function OptionsView({ draft }: { draft: OptionsDraft }) {
  const { t } = useTranslation();
  return (
    <div className="options">
      <p className="muted">{t('dataSources.options.lead')}</p>
      <p className="muted small">{t('dataSources.options.ownerOnly')}</p>
      {OPTION_NAMES.map((option) => (
        <section key={option} className="option-card">
          <h3 className="option-card__title">{t(`dataSources.options.names.${option}`)}</h3>
          <div className="option-card__kinds">
            {RANGE_KINDS.map((kind) => (
              <div key={kind}>
                <h4 className="option-card__kind">{t(`dataSources.options.kinds.${kind}`)}</h4>
                {draft[option][kind].length === 0 ? (
                  <p className="muted small">{t('dataSources.options.none')}</p>
                ) : (
                  <ul className="plain-list">
                    {draft[option][kind].map((r) => (
                      <li key={r.key}>
                        <RangeText range={r} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function OptionsEditor({ uid, options }: { uid: string; options: DataOption[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OptionsDraft>(() => draftOfOptions(options));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async (d: OptionsDraft) => {
      const check = optionsOfDraft(d);
      if (!check.ok) {
        setErrors(check.errors);
        return null;
      }
      setErrors({});
      const result = await saveDataOptions(uid, check.options);
      if (!result.ok) setErrors(serverErrors(result.body.details, check.options, check.sent));
      return unwrap(result).options;
    },
    onSuccess: (saved) => {
      if (!saved) return;
      queryClient.setQueryData(dataKeys.options(uid), saved);
      setDraft(draftOfOptions(saved));
    },
  });
  const overlap =
    Object.values(errors).includes('messages.timeOverlapped') ||
    (save.error instanceof ApiFailureError && save.error.failure.code === ErrorCode.TIME_OVERLAP);

  const update = (option: OptionName, kind: RangeKind, ranges: RangeDraft[]) =>
    setDraft((d) => ({ ...d, [option]: { ...d[option], [kind]: ranges } }));

  return (
    <form
      className="form options"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <p className="muted">{t('dataSources.options.lead')}</p>
      {OPTION_NAMES.map((option) => (
        <fieldset key={option} className="option-card">
          <legend className="option-card__title">{t(`dataSources.options.names.${option}`)}</legend>
          <div className="option-card__kinds">
            {RANGE_KINDS.map((kind) => (
              <RangeList
                key={kind}
                label={`${t(`dataSources.options.names.${option}`)}, ${t(`dataSources.options.kinds.${kind}`)}`}
                title={t(`dataSources.options.kinds.${kind}`)}
                ranges={draft[option][kind]}
                errors={errors}
                onChange={(ranges) => update(option, kind, ranges)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {overlap && <Notice kind="error">{t('messages.timeOverlapped')}</Notice>}
      {save.isError && !overlap && (
        <Notice kind="error">{failureText(save.error, t, 'messages.modifyFailed')}</Notice>
      )}
      {save.isSuccess && save.data && <Notice kind="success">{t('success.saved')}</Notice>}
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}

function RangeList({
  label,
  title,
  ranges,
  errors,
  onChange,
}: {
  label: string;
  title: string;
  ranges: RangeDraft[];
  errors: Record<string, string>;
  onChange: (ranges: RangeDraft[]) => void;
}) {
  const { t } = useTranslation();
  const set = (key: string, patch: Partial<RangeDraft>) =>
    onChange(ranges.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <div className="range-list">
      <h4 className="option-card__kind">{title}</h4>
      {ranges.length === 0 && <p className="muted small">{t('dataSources.options.none')}</p>}
      {ranges.map((r, i) => {
        const error = errors[r.key];
        const n = i + 1;
        return (
          <div key={r.key} className={error ? 'range-row field--invalid' : 'range-row'}>
            <label className="range-row__field">
              <span className="small">{t('dataSources.options.from')}</span>
              <input
                type="date"
                className="input"
                value={r.start}
                aria-label={`${label} ${n}, ${t('dataSources.options.from')}`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => set(r.key, { start: e.target.value })}
              />
            </label>
            <label className="range-row__field">
              <span className="small">{t('dataSources.options.to')}</span>
              <input
                type="date"
                className="input"
                value={r.end}
                aria-label={`${label} ${n}, ${t('dataSources.options.to')}`}
                aria-describedby={`${r.key}-hint${error ? ` ${r.key}-error` : ''}`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => set(r.key, { end: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="btn btn--ghost btn--small range-row__remove"
              onClick={() => onChange(ranges.filter((x) => x.key !== r.key))}
            >
              {t('dataSources.options.remove')}
              <span className="visually-hidden">{`: ${label} ${n}`}</span>
            </button>
            <div id={`${r.key}-hint`} className="field__hint range-row__hint">
              {t('dataSources.options.openHint')}
            </div>
            {error && (
              <div id={`${r.key}-error`} className="field__errors range-row__hint">
                {t(error)}
              </div>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={() => onChange([...ranges, { key: newRangeKey(), start: '', end: '' }])}
      >
        {t('dataSources.options.add')}
        <span className="visually-hidden">{`: ${label}`}</span>
      </button>
    </div>
  );
}
