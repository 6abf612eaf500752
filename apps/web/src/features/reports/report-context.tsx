import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GlucoseUnit } from '@cgm/domain';
import { useSession } from '../../session/session-state';
import { readParams, type ReportParams } from './report-params';
import { reportUnit, useReportFormat, type ReportFormat } from './report-format';
import { useDatamap, usePatientHead } from './reports-api';
import { localTodayIso } from '../../lib/dates';

// What every report needs besides its own data: whose, which choices, which unit and formats,
// the patient's today (from the data map) and whether it is drawn for paper.

export interface ReportCtx {
  uid: string;
  name: string;
  params: ReportParams;
  today: string;
  unit: GlucoseUnit;
  fmt: ReportFormat;
  print: boolean;
}

/** The watched patient: `?uid=`, else the signed-in patient's own reports. */
export function useReportUid(): { uid: string | null; own: boolean } {
  const user = useSession();
  const [sp] = useSearchParams();
  const chosen = sp.get('uid')?.trim() || null;
  const uid = chosen ?? (user?.userType === 'P' ? user.uid : null);
  return { uid, own: uid !== null && uid === user?.uid };
}

export type ReportLoad =
  | { state: 'loading' }
  | { state: 'refused' }
  | { state: 'failed'; error: unknown; retry: () => void }
  | { state: 'ready'; ctx: ReportCtx };

/** Loads the patient's name, settings and data map; a refusal (403) shows as such. */
export function useReportLoad(uid: string, print: boolean): ReportLoad {
  const [sp] = useSearchParams();
  const { t } = useTranslation();
  const head = usePatientHead(uid);
  const map = useDatamap(uid);
  const unit = reportUnit(head.data?.settings, sp.get('unit'));
  const fmt = useReportFormat(unit);
  const params = useMemo(() => readParams(sp), [sp]);
  const headError = head.error ?? map.error;
  return useMemo<ReportLoad>(() => {
    if (headError) {
      const status = (headError as { failure?: { status?: number } }).failure?.status;
      if (status === 403) return { state: 'refused' };
      return {
        state: 'failed',
        error: headError,
        retry: () => {
          void head.refetch();
          void map.refetch();
        },
      };
    }
    if (!head.data || !map.data) return { state: 'loading' };
    const p = head.data;
    const name = p.alias ? `${p.realname} (${p.alias})` : p.realname || t('reports.patient');
    return {
      state: 'ready',
      ctx: { uid, name, params, today: map.data.today ?? localTodayIso(), unit, fmt, print },
    };
  }, [headError, head, map, uid, params, unit, fmt, print, t]);
}
