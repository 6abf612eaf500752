import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isReportId, QUICK_PRINT_REPORTS, reportById, type ReportId } from '../report-catalog';
import { PrintDocument } from './print-document';

// The print pages of spec §2 (mapping in docs/REPORTS.md and report-catalog.ts).

function ReportPrint({ id }: { id: ReportId }) {
  const { t } = useTranslation();
  return <PrintDocument reports={[id]} title={t(`reports.names.${id}`)} />;
}

export const Chart0Print = () => <ReportPrint id="dashboard" />;
export const Chart1Print = () => <ReportPrint id="daily" />;
export const Chart2Print = () => <ReportPrint id="overlay" />;
export const Chart3Print = () => <ReportPrint id="trend" />;
export const Chart4Print = () => <ReportPrint id="logbook" />;
export const Chart5Print = () => <ReportPrint id="segment" />;
export const Chart6Print = () => <ReportPrint id="deviceSettings" />;
export const Chart6Print2 = () => <ReportPrint id="agp" />;
export const Chart7Print = () => <ReportPrint id="alerts" />;
export const Chart9Print = () => <ReportPrint id="records" />;
export const EventsPrint1 = () => <ReportPrint id="events" />;
export const RecordPrint = () => <ReportPrint id="records" />;
export const ComparePrint = () => <ReportPrint id="compare" />;
export const PatternsPrint = () => <ReportPrint id="patterns" />;

/** The reports a quick print holds (?r=agp,dashboard,…), in the catalogue's print order. */
export function quickPrintReports(r: string | null): ReportId[] {
  const chosen = new Set((r ?? '').split(',').filter(isReportId));
  return QUICK_PRINT_REPORTS.filter((id) => chosen.has(id) && reportById(id));
}

/** /quickPrint1 … /quickPrint10: the ticked reports in one document. */
export function QuickPrintScreen() {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const reports = quickPrintReports(sp.get('r'));
  return <PrintDocument reports={reports.length ? reports : ['agp']} title={t('print.quickPrint')} />;
}
