import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailureError, failureKey } from '../../../api/errors';
import { ClockNoteText } from '../../../components/clock-note';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/page';
import { clockNote, rangeClock } from '../../../i18n/patient-clock';
import { isRefusal } from '../reports-api';

type Clock = Array<{ offsetMin: number; atMs: number }>;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The patient's clock of a report answer: its range (local midnights at the patient's offset) or
 * the offset of its one dated item (device settings); undefined when the answer has neither.
 */
export function answerClock(data: unknown): Clock | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.from === 'string' && typeof d.to === 'string' && isNum(d.from_ms) && isNum(d.to_ms)) {
    return rangeClock({ from: d.from, to: d.to, from_ms: d.from_ms, to_ms: d.to_ms });
  }
  if (isNum(d.utc_offset_min) && isNum(d.time)) return [{ offsetMin: d.utc_offset_min, atMs: d.time }];
  return undefined;
}

/**
 * The states of one report call: loading, refused (403), failed (with the server's message), data;
 * above the data, where the patient's clock is not the viewer's, a note saying so (CLINICAL.md).
 */
export function Loadable<T>({
  q,
  children,
}: {
  q: UseQueryResult<T, unknown>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (q.data !== undefined) {
    const clock = answerClock(q.data);
    return (
      <>
        {clock && <ClockNoteText note={clockNote(clock, clock[0]?.atMs ?? 0)} />}
        {children(q.data)}
      </>
    );
  }
  if (q.error) {
    if (isRefusal(q.error)) return <Notice kind="warning">{t('reports.noAccess')}</Notice>;
    const f = q.error instanceof ApiFailureError ? q.error.failure : null;
    const key = f?.message?.startsWith('messages.') ? f.message : f ? failureKey(f) : 'errors.network';
    return (
      <Notice kind="error">
        {t(key)}{' '}
        <button type="button" className="link-btn no-print" onClick={() => void q.refetch()}>
          {t('common.reload')}
        </button>
      </Notice>
    );
  }
  return <Spinner />;
}

/** A section of a report with its heading (h3 on screen, kept with its content on paper). */
export function ReportSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`report-section ${className ?? ''}`}>
      <h3 className="report-section__title">{title}</h3>
      {children}
    </section>
  );
}
