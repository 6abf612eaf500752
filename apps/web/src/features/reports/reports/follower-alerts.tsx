import { useTranslation } from 'react-i18next';
import type { AlertsReportResponse } from '@cgm/contract';
import { localMidnight } from '@cgm/domain';
import { useAlertHistory } from '../../../api/alert-history';
import { AlertHistoryTable } from '../../../components/alert-history-table';
import { Spinner } from '../../../components/page';
import type { ReportFormat } from '../report-format';
import { ReportSection } from './loadable';

/**
 * Beside the device alarms of the alerts report (issue 16): the follower alerts of the same range,
 * with every delivery attempt. Their times are on the patient's clock by the offset the report's
 * days were cut with (its `from_ms` is the first day's local midnight).
 */
export function FollowerAlerts({
  uid,
  report,
  fmt,
}: {
  uid: string;
  report: AlertsReportResponse;
  fmt: ReportFormat;
}) {
  const { t } = useTranslation();
  const offsetMin = (localMidnight(report.from) - report.from_ms) / 60_000;
  const q = useAlertHistory(uid, { from_ms: report.from_ms, to_ms: report.to_ms });
  return (
    <ReportSection title={t('reports.alerts.followerAlerts')}>
      {!q.data ? (
        <Spinner />
      ) : q.data.length === 0 ? (
        <p className="muted">{t('reports.alerts.followerAlertsNone')}</p>
      ) : (
        <AlertHistoryTable entries={q.data} timeOf={(ms) => fmt.dateTime(ms, offsetMin)} />
      )}
    </ReportSection>
  );
}
