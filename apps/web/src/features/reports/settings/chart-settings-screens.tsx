import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addDays, checkDateRange, MAX_RANGE_DAYS_LONG, MAX_RANGE_DAYS_SHORT } from '@cgm/domain';
import { Notice } from '../../../components/notice';
import { chartPath } from '../report-catalog';
import type { ReportCtx } from '../report-context';
import {
  checkThresholds,
  durationsFor,
  effectiveRange,
  THRESHOLD_KEYS,
  thresholdFromInput,
  thresholdToInput,
  writeParams,
  type Thresholds,
} from '../report-params';
import { useDatamap, usePatientHead } from '../reports-api';
import { ReportsShell, useKeepQuery } from '../reports-shell';
import { DataCalendar } from './data-calendar';
import { pickDay } from './calendar-model';

// /Hcp/chartSetting (overview), /setting (valid days, thresholds), /dateView (≤ 14 days: daily
// report and overlay), /dateView2 (≤ 90 days: the other reports). Choices go into the address
// and back to the report the user came from (?back=chart number).

/** Where Apply returns: the report the user came from, else the first report the view serves. */
function useBack(fallback: number): (sp: URLSearchParams) => string {
  const [sp] = useSearchParams();
  const back = Number(sp.get('back'));
  const chart = sp.has('back') && Number.isInteger(back) && back >= 0 && back <= 9 ? back : fallback;
  return (next) => {
    const q = new URLSearchParams(next);
    q.delete('back');
    return `${chartPath(chart)}?${q.toString()}`;
  };
}

export function ChartSettingScreen() {
  const { t } = useTranslation();
  const keep = useKeepQuery();
  return (
    <ReportsShell place="settings" title={t('reports.settings.title')}>
      {(ctx) => (
        <ul className="report-cards">
          {(['setting', 'dateView', 'dateView2'] as const).map((k) => (
            <li key={k} className="report-card">
              <Link className="report-card__link" to={keep(`/Hcp/chartSetting/${k}`, ctx.uid)}>
                <span className="report-card__name">{t(`reports.settings.${k}.title`)}</span>
                <span className="muted small">{t(`reports.settings.${k}.about`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ReportsShell>
  );
}

export function SettingScreen() {
  const { t } = useTranslation();
  return (
    <ReportsShell place="settings" title={t('reports.settings.setting.title')}>
      {(ctx) => <ThresholdsForm ctx={ctx} />}
    </ReportsShell>
  );
}

function ThresholdsForm({ ctx }: { ctx: ReportCtx }) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const back = useBack(0);
  const head = usePatientHead(ctx.uid);
  const settings = head.data?.settings;
  const defaults: Required<Thresholds> = {
    target_low: settings?.target_low ?? 70,
    target_high: settings?.target_high ?? 180,
    auc_above: 198,
    auc_below: 93.6,
  };
  const current = { ...defaults, ...ctx.params.thresholds };
  const [text, setText] = useState(
    () =>
      Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, thresholdToInput(current[k], ctx.unit)])) as Record<
        string,
        string
      >,
  );
  const [validOnly, setValidOnly] = useState(ctx.params.validOnly);
  const [problems, setProblems] = useState<string[]>([]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A field left as shown keeps its value: the default first, else the one in force.
    const parsed = Object.fromEntries(
      THRESHOLD_KEYS.map((k) => [k, thresholdFromInput(text[k] ?? '', ctx.unit, [defaults[k], current[k]])]),
    );
    if (THRESHOLD_KEYS.some((k) => parsed[k] === null)) return setProblems(['messages.fillRequired']);
    const chosen = parsed as Required<Thresholds>;
    const found = checkThresholds(chosen);
    setProblems(found);
    if (found.length) return;
    // Only thresholds that differ from the defaults go into the address.
    const thresholds: Thresholds = {};
    for (const k of THRESHOLD_KEYS) if (Math.abs(chosen[k] - defaults[k]) > 0.05) thresholds[k] = chosen[k];
    void navigate(back(writeParams(sp, { validOnly, thresholds: { ...blank(), ...thresholds } })));
  };

  return (
    <form className="form report-settings" onSubmit={submit} noValidate>
      <fieldset className="segmented">
        <legend>{t('reports.settings.days')}</legend>
        <label className="segmented__option">
          <input type="radio" name="valid" checked={!validOnly} onChange={() => setValidOnly(false)} />
          {t('reports.settings.allDays')}
        </label>
        <label className="segmented__option">
          <input type="radio" name="valid" checked={validOnly} onChange={() => setValidOnly(true)} />
          {t('reports.settings.validDays')}
        </label>
      </fieldset>
      <p className="muted small">{t('reports.settings.validHint')}</p>
      <p className="muted small">{t('reports.settings.validScope')}</p>
      <div className="report-settings__fields">
        {THRESHOLD_KEYS.map((k) => (
          <label key={k} className="field">
            <span className="field__label">{t(`reports.settings.${k}`, { unit: ctx.unit })}</span>
            <input
              className="input"
              inputMode="decimal"
              value={text[k] ?? ''}
              onChange={(e) => setText((s) => ({ ...s, [k]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      {problems.map((p) => (
        <Notice key={p} kind="error">
          {t(p)}
        </Notice>
      ))}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary">
          {t('reports.settings.apply')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() =>
            setText(
              Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, thresholdToInput(defaults[k], ctx.unit)])),
            )
          }
        >
          {t('reports.settings.defaults')}
        </button>
      </div>
    </form>
  );
}

const blank = (): Thresholds => ({
  target_low: undefined,
  target_high: undefined,
  auc_above: undefined,
  auc_below: undefined,
});

export function DateViewScreen() {
  const { t } = useTranslation();
  return (
    <ReportsShell place="settings" title={t('reports.settings.dateView.title')}>
      {(ctx) => <DateForm ctx={ctx} maxDays={MAX_RANGE_DAYS_SHORT} fallback={1} />}
    </ReportsShell>
  );
}

export function DateView2Screen() {
  const { t } = useTranslation();
  return (
    <ReportsShell place="settings" title={t('reports.settings.dateView2.title')}>
      {(ctx) => <DateForm ctx={ctx} maxDays={MAX_RANGE_DAYS_LONG} fallback={3} />}
    </ReportsShell>
  );
}

function DateForm({ ctx, maxDays, fallback }: { ctx: ReportCtx; maxDays: number; fallback: number }) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const back = useBack(fallback);
  const map = useDatamap(ctx.uid);
  const start = effectiveRange(ctx.params, maxDays, ctx.today);
  const [from, setFrom] = useState<string>(start.problem ? (ctx.params.from ?? start.from) : start.from);
  const [to, setTo] = useState<string | null>(start.to);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const check = checkDateRange(from, to ?? '', maxDays);
    if (!check.ok) return setProblem(check.problem ?? 'messages.dateSelectionWrong');
    void navigate(back(writeParams(sp, { from, to })));
  };
  return (
    <form className="form date-form" onSubmit={apply} noValidate>
      <p className="muted">{t('reports.settings.limit', { count: maxDays })}</p>
      <div className="date-form__row">
        <label className="field">
          <span className="field__label">{t('reports.settings.from')}</span>
          <input
            className="input"
            type="date"
            value={from}
            max={ctx.today}
            onChange={(e) => {
              setFrom(e.target.value);
              setProblem(null);
            }}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('reports.settings.to')}</span>
          <input
            className="input"
            type="date"
            value={to ?? ''}
            max={ctx.today}
            onChange={(e) => {
              setTo(e.target.value);
              setProblem(null);
            }}
          />
        </label>
      </div>
      <div className="range-bar__durations" role="group" aria-label={t('reports.range.duration')}>
        {durationsFor(maxDays).map((d) => (
          <button
            key={d}
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              const end = to ?? ctx.today;
              setFrom(addDays(end, -(d - 1)));
              setTo(end);
              setProblem(null);
            }}
          >
            {t('reports.range.days', { count: d })}
          </button>
        ))}
      </div>
      <DataCalendar
        days={map.data?.days ?? []}
        from={from}
        to={to}
        today={ctx.today}
        lang={ctx.fmt.lang}
        onPick={(day) => {
          const next = pickDay({ from, to }, day);
          setFrom(next.from);
          setTo(next.to);
          setProblem(null);
        }}
      />
      {problem && <Notice kind="error">{t(problem)}</Notice>}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary">
          {t('reports.settings.apply')}
        </button>
      </div>
    </form>
  );
}
