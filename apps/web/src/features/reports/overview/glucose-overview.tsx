import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GlucoseStatsBlock } from '@cgm/contract';
import { Spinner } from '../../../components/page';
import { formatAge } from '../../../i18n/format-time';
import { gmiWithheldText } from '../../../i18n/withheld-reason';
import { SCREEN_REPORTS, screenPathOf } from '../report-catalog';
import { reportUnit, useReportFormat, type ReportFormat } from '../report-format';
import type { ReportParams } from '../report-params';
import {
  isRefusal,
  useAlertsReport,
  useChartData,
  useDatamap,
  useEventsReport,
  usePatientHead,
} from '../reports-api';
import { eventSummary } from '../reports/event-text';
import { TimeInRangesBar } from '../stats-block';
import { AgpThumbnail } from './agp-thumbnail';
import { PatternsCard } from './patterns-card';
import { useLatestStatus } from './overview-api';
import { lastReading, overviewRange, recentItems, type RecentItem } from './overview-view';
import '../reports.css';
import './overview.css';

const DEFAULTS: ReportParams = { from: null, to: null, validOnly: false, thresholds: {} };

/**
 * The patient overview (issue 18 item 1): the first screen of a patient for clinicians, clinics
 * and carers, as Clarity, LibreView and Tidepool open: the last reading and its age, the 14 days'
 * time in ranges, a small daily profile, GMI, CV and wear, the newest events and alerts, and the
 * way to each report. Every figure comes from the server's report calls (domain statistics).
 */
export function GlucoseOverview({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const head = usePatientHead(uid);
  const map = useDatamap(uid);
  const [sp] = useSearchParams();
  // The reports' rule: the patient's unit, unless the address names one (?unit=).
  const unit = reportUnit(head.data?.settings, sp.get('unit'));
  const fmt = useReportFormat(unit);
  const range = useMemo(() => (map.data ? overviewRange(map.data.today) : null), [map.data]);
  const ta = useChartData('ta', uid, range, DEFAULTS);
  const refused = [head.error, map.error, ta.error].some(isRefusal);
  if (refused) return <p className="muted">{t('reports.noAccess')}</p>;
  if (head.error || map.error || ta.error) return <p className="muted">{t('errors.network')}</p>;
  if (!range || !ta.data) return <Spinner />;
  const data = ta.data.report_data;
  const stats = data.stats;
  return (
    <div className="overview">
      <LastReadingCard uid={uid} fmt={fmt} />
      <section className="overview__card" aria-labelledby="ov-period">
        <h3 id="ov-period" className="overview__title">
          {t('overview.period', { from: fmt.day(range.from), to: fmt.day(range.to) })}
        </h3>
        {stats.count === 0 ? (
          <p className="muted">{t('overview.noData')}</p>
        ) : (
          <div className="overview__grid">
            <TimeInRangesBar stats={stats} fmt={fmt} />
            <div>
              <KeyFigures stats={stats} wear={data.sensor_wear} fmt={fmt} />
              <figure className="overview__agp">
                <AgpThumbnail
                  profile={data.profile}
                  unit={unit}
                  label={t('overview.agpLabel', {
                    low: fmt.glucoseLimit(70),
                    high: fmt.glucoseLimit(180),
                    unit,
                  })}
                />
                <figcaption className="muted small">{t('overview.agp')}</figcaption>
              </figure>
            </div>
          </div>
        )}
      </section>
      <PatternsCard uid={uid} range={range} fmt={fmt} unitInLinks={sp.get('unit')} />
      <RecentList uid={uid} range={range} fmt={fmt} />
      <nav className="overview__card" aria-labelledby="ov-reports">
        <h3 id="ov-reports" className="overview__title">
          {t('patientView.tabs.reports')}
        </h3>
        <ul className="overview__links">
          {SCREEN_REPORTS.map((r) => (
            <li key={r.id}>
              <Link
                className="btn btn--secondary btn--small"
                to={`${screenPathOf(r)!}?uid=${encodeURIComponent(uid)}`}
              >
                {t(`reports.names.${r.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function LastReadingCard({ uid, fmt }: { uid: string; fmt: ReportFormat }) {
  const { t } = useTranslation();
  const status = useLatestStatus(uid);
  let body: ReactNode;
  if (status.isPending) body = <Spinner />;
  else if (status.error) body = <p className="muted">{t('errors.network')}</p>;
  else {
    const s = status.data;
    const r = lastReading(s.sensor_status, fmt.unit, s.server_time);
    const age = r.ageMs === null ? '' : formatAge(r.ageMs, fmt.lang);
    const shown =
      r.kind === 'value'
        ? fmt.num(r.value, fmt.unit === 'mmol/L' ? 1 : 0)
        : r.kind === 'high'
          ? t('monitor.glucose.high')
          : r.kind === 'low'
            ? t('monitor.glucose.low')
            : '--';
    const fresh = r.kind === 'value' || r.kind === 'high' || r.kind === 'low';
    body = (
      <>
        <p className="overview__reading">
          <span className={r.old ? 'overview__value muted' : 'overview__value'}>{shown}</span>
          {r.kind === 'value' && <span className="unit"> {fmt.unit}</span>}
          {fresh && r.trend?.arrow && (
            <span className="overview__trend" role="img" aria-label={t(r.trend.labelKey)}>
              {r.trend.arrow}
            </span>
          )}
        </p>
        {fresh && r.flagKey && <p className="small">{t(r.flagKey)}</p>}
        <p className="small muted">
          {r.kind === 'none'
            ? t('overview.noReading')
            : r.kind === 'hidden'
              ? t('monitor.glucose.hiddenByPatient')
              : r.kind === 'stale'
                ? t('overview.stale', { age })
                : t('overview.measured', { age })}
        </p>
      </>
    );
  }
  return (
    <section className="overview__card" aria-labelledby="ov-last">
      <h3 id="ov-last" className="overview__title">
        {t('overview.lastReading')}
      </h3>
      {body}
    </section>
  );
}

function KeyFigures({
  stats,
  wear,
  fmt,
}: {
  stats: GlucoseStatsBlock;
  wear: number | null;
  fmt: ReportFormat;
}) {
  const { t } = useTranslation();
  const gmiWhy = stats.gmi_withheld && gmiWithheldText(stats.gmi_withheld, stats.covered_pct, fmt.lang, t);
  const figures = [
    {
      key: 'gmi',
      label: t('reports.stats.gmi'),
      value: stats.gmi === null ? '--' : `${fmt.num(stats.gmi, 1)} %`,
    },
    { key: 'cv', label: t('reports.stats.cv'), value: stats.cv === null ? '--' : `${fmt.pct(stats.cv)} %` },
    { key: 'wear', label: t('overview.wear'), value: wear === null ? '--' : `${fmt.pct(wear)} %` },
    { key: 'mean', label: t('reports.stats.mean'), value: fmt.glucoseWithUnit(stats.mean) },
  ];
  return (
    <>
      <dl className="stat-tiles overview__figures">
        {figures.map((f) => (
          <div key={f.key} className="stat-tile">
            <dt className="stat-tile__label">{f.label}</dt>
            <dd className="stat-tile__value">{f.value}</dd>
          </div>
        ))}
      </dl>
      {gmiWhy && <p className="muted small">{gmiWhy}</p>}
    </>
  );
}

function RecentList({
  uid,
  range,
  fmt,
}: {
  uid: string;
  range: { from: string; to: string };
  fmt: ReportFormat;
}) {
  const { t } = useTranslation();
  const events = useEventsReport(uid, range);
  const alerts = useAlertsReport(uid, range);
  const ready = events.data && alerts.data;
  const items: RecentItem[] = ready ? recentItems(events.data.events, alerts.data.alarms) : [];
  const text = (i: RecentItem) =>
    i.kind === 'event'
      ? eventSummary(i.event, fmt, t)
      : t('overview.alert', {
          name: t(`reports.alarmCodes.${i.alarm.code}`, { defaultValue: i.alarm.code }),
        });
  return (
    <section className="overview__card" aria-labelledby="ov-recent">
      <h3 id="ov-recent" className="overview__title">
        {t('overview.recent')}
      </h3>
      {events.error || alerts.error ? (
        <p className="muted">{t('errors.network')}</p>
      ) : !ready ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="muted">{t('overview.noRecent')}</p>
      ) : (
        <ul className="overview__recent">
          {items.map((i) => (
            <li key={`${i.kind}-${i.time}-${i.kind === 'event' ? i.event.id : i.alarm.code}`}>
              <span className="muted small">{fmt.dateTime(i.time, i.offset)}</span> {text(i)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
