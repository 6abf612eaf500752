import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_QUICK_PRINT_DURATION,
  daysInclusive,
  END_DATE_PRESETS,
  type EndDatePreset,
  type QuickPrintDuration,
} from '@cgm/domain';
import { Notice } from '../../../components/notice';
import { QUICK_PRINT_REPORTS, reportById, type ReportId } from '../report-catalog';
import type { ReportCtx } from '../report-context';
import { readAgpBand, writeAgpBand } from '../report-params';
import { useDatamap } from '../reports-api';
import { ReportsShell } from '../reports-shell';
import { pickDay } from '../settings/calendar-model';
import { DataCalendar } from '../settings/data-calendar';
import { AgpBandSelect } from './agp-print-controls';
import { defaultPaper, openPrintTab, printQuery, printUrl, rememberPaper, type Paper } from './open-print';
import { nextQuickPrintIndex, quickRange, type QuickPrintChoice } from './quick-print';

const DURATIONS: QuickPrintDuration[] = ['week', 'twoWeeks', 'month', 'quarter', 'custom'];
const DEFAULT_REPORTS: ReportId[] = ['agp', 'dashboard', 'trend', 'logbook'];

/** /Hcp/print: quick print — a period, the reports to include, the paper; one click prints. */
export function QuickPrintHubScreen() {
  const { t } = useTranslation();
  return (
    <ReportsShell place="print" title={t('print.quickPrint')}>
      {(ctx) => <QuickPrintForm ctx={ctx} />}
    </ReportsShell>
  );
}

function QuickPrintForm({ ctx }: { ctx: ReportCtx }) {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const map = useDatamap(ctx.uid);
  const [choice, setChoice] = useState<QuickPrintChoice>({
    duration: DEFAULT_QUICK_PRINT_DURATION,
    preset: 'yesterday',
    customFrom: ctx.params.from ?? ctx.today,
    customTo: ctx.params.to ?? ctx.today,
    reports: DEFAULT_REPORTS,
    band: readAgpBand(sp),
  });
  // The calendar's second click ends the range; until then only the first day is chosen.
  const [customEnd, setCustomEnd] = useState<string | null>(choice.customTo);
  const [paper, setPaper] = useState<Paper>(defaultPaper());
  const [blocked, setBlocked] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const range = quickRange(choice, ctx.today);
  const set = (p: Partial<QuickPrintChoice>) => {
    setChoice((c) => ({ ...c, ...p }));
    setProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!range.ok) return setProblem(range.problem);
    if (choice.reports.length === 0) return setProblem('messages.chooseEventsOrData');
    rememberPaper(paper);
    // Every choice of the address (valid days, thresholds) with this period, reports and band.
    const q = printQuery(writeAgpBand(sp, choice.band), { uid: ctx.uid, unit: ctx.unit, range });
    q.r = choice.reports.join(',');
    setBlocked(!openPrintTab(printUrl(`/quickPrint${nextQuickPrintIndex()}`, q, paper)));
  };

  return (
    <form className="form quick-print" onSubmit={submit} noValidate>
      <fieldset className="segmented">
        <legend>{t('print.duration')}</legend>
        {DURATIONS.map((d) => (
          <label key={d} className="segmented__option">
            <input
              type="radio"
              name="duration"
              checked={choice.duration === d}
              onChange={() => set({ duration: d })}
            />
            {t(`print.durations.${d}`)}
          </label>
        ))}
      </fieldset>
      {choice.duration === 'custom' ? (
        <>
          <div className="date-form__row">
            <label className="field">
              <span className="field__label">{t('reports.settings.from')}</span>
              <input
                className="input"
                type="date"
                value={choice.customFrom}
                max={ctx.today}
                onChange={(e) => set({ customFrom: e.target.value })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t('reports.settings.to')}</span>
              <input
                className="input"
                type="date"
                value={choice.customTo}
                max={ctx.today}
                onChange={(e) => {
                  set({ customTo: e.target.value });
                  setCustomEnd(e.target.value);
                }}
              />
            </label>
          </div>
          <DataCalendar
            days={map.data?.days ?? []}
            from={choice.customFrom}
            to={customEnd}
            today={ctx.today}
            lang={ctx.fmt.lang}
            onPick={(day) => {
              const next = pickDay({ from: choice.customFrom, to: customEnd }, day);
              setCustomEnd(next.to);
              set({ customFrom: next.from, customTo: next.to ?? next.from });
            }}
          />
        </>
      ) : (
        <label className="field">
          <span className="field__label">{t('print.endsOn')}</span>
          <select
            className="input"
            value={choice.preset}
            onChange={(e) => set({ preset: e.target.value as EndDatePreset })}
          >
            {END_DATE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`print.presets.${p}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="quick-print__range" aria-live="polite">
        {range.ok
          ? t('reports.range.fromTo', {
              from: ctx.fmt.day(range.from, 'long'),
              to: ctx.fmt.day(range.to, 'long'),
            })
          : t(range.problem)}
        {range.ok && range.span !== 'custom' && (
          <span className="muted small quick-print__span">
            {' '}
            {range.span === 'days'
              ? t('print.span.days', {
                  days: t('reports.range.days', { count: daysInclusive(range.from, range.to) }),
                })
              : t(`print.span.${range.span}`)}
          </span>
        )}
      </p>
      <fieldset className="quick-print__reports">
        <legend>{t('print.reports')}</legend>
        {QUICK_PRINT_REPORTS.map((id) => (
          <label key={id} className="check">
            <input
              type="checkbox"
              checked={choice.reports.includes(id)}
              onChange={(e) =>
                set({
                  reports: e.target.checked
                    ? [...choice.reports, id]
                    : choice.reports.filter((r) => r !== id),
                })
              }
            />
            {t(`reports.names.${id}`)}
            {reportById(id).maxDays === 14 && <span className="muted small"> {t('print.upTo14')}</span>}
          </label>
        ))}
      </fieldset>
      {choice.reports.includes('agp') && (
        <AgpBandSelect value={choice.band} onChange={(band) => set({ band })} />
      )}
      <label className="field">
        <span className="field__label">{t('print.paper')}</span>
        <select className="input" value={paper} onChange={(e) => setPaper(e.target.value as Paper)}>
          <option value="a4">A4</option>
          <option value="letter">{t('print.letter')}</option>
        </select>
      </label>
      {problem && <Notice kind="error">{t(problem)}</Notice>}
      {blocked && <Notice kind="warning">{t('messages.popupBlocked')}</Notice>}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary">
          {t('print.printNow')}
        </button>
      </div>
    </form>
  );
}
