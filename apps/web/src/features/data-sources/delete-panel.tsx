import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dataKind, type DataKind } from '@cgm/contract';
import { MESSAGES } from '@cgm/domain';
import { unwrap } from '../../api/api';
import { patientKeys } from '../../api/patient-settings';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Checkbox } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { isIsoDate, localTodayIso } from '../../lib/dates';
import { deleteData } from './data-sources-api';
import { dayStart } from './data-options';
import { failureText } from './query-state';

type Source = 'realtime' | 'uploaded' | 'all';
const SOURCES: readonly Source[] = ['all', 'realtime', 'uploaded'];

/** Delete data (spec §7 data/delete) after the confirmation of spec §8; the patient's own only. */
export function DeletePanel({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [kinds, setKinds] = useState<DataKind[]>([]);
  const [source, setSource] = useState<Source>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(() => localTodayIso());
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () => {
      const [y, m, d] = to.split('-').map(Number) as [number, number, number];
      return unwrap(
        await deleteData({
          uid,
          kinds,
          source,
          from: dayStart(from),
          to: new Date(y, m - 1, d + 1).getTime(),
          confirm: true,
        }),
      );
    },
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: patientKeys.all(uid) });
      void queryClient.invalidateQueries({ queryKey: ['monitor', uid] });
    },
  });

  const check = (): string | null => {
    if (kinds.length === 0) return MESSAGES.chooseEventsOrData;
    if (!isIsoDate(from) || !isIsoDate(to)) return MESSAGES.dateSelectionWrong;
    if (to < from) return MESSAGES.endBeforeStart;
    return null;
  };
  const toggle = (kind: DataKind, on: boolean) =>
    setKinds((list) => (on ? [...list, kind] : list.filter((k) => k !== kind)));

  return (
    <form
      className="form delete-data"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const p = check();
        setProblem(p);
        if (!p) setConfirming(true);
      }}
    >
      <Notice kind="warning">{t('confirm.deleteData')}</Notice>
      <fieldset>
        <legend className="field__label">{t('dataSources.delete.kinds')}</legend>
        <div className="check-grid">
          {dataKind.options.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`dataSources.delete.kind.${kind}`)}
              checked={kinds.includes(kind)}
              onChecked={(on) => toggle(kind, on)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="segmented">
        <legend className="field__label">{t('dataSources.delete.source')}</legend>
        {SOURCES.map((s) => (
          <label key={s} className="segmented__option">
            <input type="radio" name="delete-source" checked={source === s} onChange={() => setSource(s)} />
            {t(`dataSources.sources.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="range-row range-row--plain">
        <label className="range-row__field">
          <span className="field__label">{t('dataSources.delete.from')}</span>
          <input
            type="date"
            className="input"
            value={from}
            required
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="range-row__field">
          <span className="field__label">{t('dataSources.delete.to')}</span>
          <input type="date" className="input" value={to} required onChange={(e) => setTo(e.target.value)} />
        </label>
      </div>
      {problem && <Notice kind="error">{t(problem)}</Notice>}
      {remove.isError && (
        <Notice kind="error">{failureText(remove.error, t, 'messages.deleteFailed')}</Notice>
      )}
      {remove.isSuccess && (
        <Notice kind="success">
          {t('dataSources.delete.done', { count: formatNumber(remove.data.total, i18n.language) })}
        </Notice>
      )}
      <button type="submit" className="btn btn--danger" disabled={remove.isPending}>
        {t('dataSources.delete.submit')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('dataSources.delete.confirmTitle')}
        confirmLabel={t('dataSources.delete.confirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('confirm.deleteData')}</p>
        <p className="muted small">
          {t('dataSources.delete.summary', {
            kinds: kinds.map((k) => t(`dataSources.delete.kind.${k}`)).join(', '),
            source: t(`dataSources.sources.${source}`),
            from: isIsoDate(from) ? formatIsoDate(from, i18n.language, 'medium') : from,
            to: isIsoDate(to) ? formatIsoDate(to, i18n.language, 'medium') : to,
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
