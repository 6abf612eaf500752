import type { ReportCtx } from '../report-context';
import type { Range } from '../reports-api';

export interface ReportViewProps {
  ctx: ReportCtx;
  /** The range to show (already checked against the report's limit); null for reports without one. */
  range: Range | null;
}
