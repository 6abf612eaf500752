import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportById, reportOfChart, SCREEN_REPORTS, screenPathOf, type ReportEntry } from './report-catalog';
import { ReportBody } from './report-body';
import { ReportsShell, useKeepQuery } from './reports-shell';

// The screens of /Hcp/charts and /Hcp/charts/chart0–chart9 (docs/REPORTS.md has the mapping).

function ChartScreen({ chart }: { chart: number }) {
  return <ReportScreen entry={reportOfChart(chart)!} />;
}

function ReportScreen({ entry }: { entry: ReportEntry }) {
  const { t } = useTranslation();
  return (
    <ReportsShell place={entry.id} title={t(`reports.names.${entry.id}`)}>
      {(ctx) => <ReportBody ctx={ctx} entry={entry} />}
    </ReportsShell>
  );
}

export const Chart0Screen = () => <ChartScreen chart={0} />;
export const Chart1Screen = () => <ChartScreen chart={1} />;
export const Chart2Screen = () => <ChartScreen chart={2} />;
export const Chart3Screen = () => <ChartScreen chart={3} />;
export const Chart4Screen = () => <ChartScreen chart={4} />;
export const Chart5Screen = () => <ChartScreen chart={5} />;
export const Chart6Screen = () => <ChartScreen chart={6} />;
export const Chart7Screen = () => <ChartScreen chart={7} />;
export const Chart8Screen = () => <ChartScreen chart={8} />;
export const Chart9Screen = () => <ChartScreen chart={9} />;
export const AgpScreen = () => <ReportScreen entry={reportById('agp')} />;
export const CompareScreen = () => <ReportScreen entry={reportById('compare')} />;
export const PatternsScreen = () => <ReportScreen entry={reportById('patterns')} />;

/** /Hcp/charts: every report with what it shows, and the way to quick print. */
export function ChartsHomeScreen() {
  const { t } = useTranslation();
  const keep = useKeepQuery();
  return (
    <ReportsShell place="home" title={t('reports.title')}>
      {(ctx) => (
        <ul className="report-cards">
          {SCREEN_REPORTS.map((r) => (
            <li key={r.id} className="report-card">
              <Link to={keep(screenPathOf(r)!, ctx.uid)} className="report-card__link">
                <span className="report-card__name">{t(`reports.names.${r.id}`)}</span>
                <span className="muted small">{t(`reports.about.${r.id}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ReportsShell>
  );
}
