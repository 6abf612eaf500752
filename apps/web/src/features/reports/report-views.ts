import type { ComponentType } from 'react';
import type { ReportId } from './report-catalog';
import { AgpReport } from './reports/agp';
import { CompareReport } from './insights/compare-report';
import { PatternsReport } from './insights/patterns-report';
import { AlertsReport } from './reports/alerts';
import { DailyReport } from './reports/daily';
import { DashboardReport } from './reports/dashboard';
import { DeviceSettingsReport } from './reports/device-settings';
import { EventsReport } from './reports/events';
import { LogbookReport } from './reports/logbook';
import { OverlayReport } from './reports/overlay';
import { RecordsReport } from './reports/records';
import { SegmentReport } from './reports/segment';
import { TrendReport } from './reports/trend';
import type { ReportViewProps } from './reports/types';

/** Each report's view, the same on screen, on its print page and in a quick print. */
export const REPORT_VIEWS: Record<ReportId, ComponentType<ReportViewProps>> = {
  dashboard: DashboardReport,
  daily: DailyReport,
  overlay: OverlayReport,
  trend: TrendReport,
  logbook: LogbookReport,
  segment: SegmentReport,
  deviceSettings: DeviceSettingsReport,
  alerts: AlertsReport,
  events: EventsReport,
  records: RecordsReport,
  agp: AgpReport,
  compare: CompareReport,
  patterns: PatternsReport,
};
