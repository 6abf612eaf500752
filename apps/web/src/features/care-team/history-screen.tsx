import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HCP_OPERATIONS, type HcpHistoryItem } from '@cgm/contract';
import { MESSAGES } from '@cgm/domain';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Page, Spinner } from '../../components/page';
import { stackCell } from '../../components/stack-cell';
import { formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { useHcpHistory, type HistoryFilters } from './care-team-api';
import { localDayBounds } from '../../lib/dates';
import { actionKey, actionLabel } from './history-actions';
import { detailText } from './history-detail';
import './care-team.css';

interface FilterForm {
  patient: string;
  member: string;
  action: string;
  fromDay: string;
  toDay: string;
}
const NO_FILTERS: FilterForm = { patient: '', member: '', action: '', fromDay: '', toDay: '' };

/** The query of the form: empty fields filter nothing; days are the viewer's local days. */
function toFilters(form: FilterForm, page: number): { filters: HistoryFilters; problem: string | null } {
  const bounds = localDayBounds(form.fromDay, form.toDay);
  const problem =
    bounds.from !== undefined && bounds.to !== undefined && bounds.to <= bounds.from
      ? MESSAGES.endBeforeStart
      : null;
  const filters: HistoryFilters = { page };
  if (form.patient) filters.patient = form.patient;
  if (form.member) filters.member = form.member;
  if (form.action) filters.action = form.action;
  if (!problem) Object.assign(filters, bounds);
  return { filters, problem };
}

/**
 * /HcpOperationHistory (spec §2): every access and change an HCP made to patients' data, and for a
 * group manager that of the group's members; read-only, newest first, filtered and paged.
 */
export function HistoryScreen() {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<FilterForm>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { filters, problem } = toFilters(form, page);
  const query = useHcpHistory(filters);
  const data = query.data;
  const lang = i18n.language;
  const change = (patch: Partial<FilterForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <Page title={t('history.title')} width="full" lead={t('history.lead')}>
      <form className="ct-filters" onSubmit={(e) => e.preventDefault()} aria-label={t('history.filters')}>
        <label className="ct-filters__field">
          <span className="field__label">{t('history.filter.patient')}</span>
          <select
            className="input"
            value={form.patient}
            onChange={(e) => change({ patient: e.target.value })}
          >
            <option value="">{t('history.filter.all')}</option>
            {data?.subjects.map((s) => (
              <option key={s.uid} value={s.uid}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        {data && data.members.length > 1 && (
          <label className="ct-filters__field">
            <span className="field__label">{t('history.filter.member')}</span>
            <select
              className="input"
              value={form.member}
              onChange={(e) => change({ member: e.target.value })}
            >
              <option value="">{t('history.filter.all')}</option>
              {data.members.map((m) => (
                <option key={m.uid} value={m.uid}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="ct-filters__field">
          <span className="field__label">{t('history.filter.action')}</span>
          <select className="input" value={form.action} onChange={(e) => change({ action: e.target.value })}>
            <option value="">{t('history.filter.all')}</option>
            {HCP_OPERATIONS.map((a) => (
              <option key={a} value={a}>
                {t(actionKey(a))}
              </option>
            ))}
          </select>
        </label>
        <label className="ct-filters__field">
          <span className="field__label">{t('history.filter.from')}</span>
          <input
            type="date"
            className="input"
            value={form.fromDay}
            onChange={(e) => change({ fromDay: e.target.value })}
          />
        </label>
        <label className="ct-filters__field">
          <span className="field__label">{t('history.filter.to')}</span>
          <input
            type="date"
            className="input"
            value={form.toDay}
            onChange={(e) => change({ toDay: e.target.value })}
          />
        </label>
        <button type="button" className="btn btn--secondary" onClick={() => change(NO_FILTERS)}>
          {t('history.filter.clear')}
        </button>
      </form>
      {problem && <Notice kind="error">{t(problem)}</Notice>}
      {query.error && (
        <Notice kind="error">
          {t(query.error instanceof ApiFailureError ? failureKey(query.error.failure) : 'errors.network')}
        </Notice>
      )}
      {!data && query.isPending && <Spinner />}
      {data && (
        <>
          {data.history.items.length === 0 ? (
            <p className="muted">{t('history.none')}</p>
          ) : (
            <div className="ct-scroll">
              <table className="table table--stack ct-table" aria-busy={query.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('history.col.at')}</th>
                    <th scope="col">{t('history.col.actor')}</th>
                    <th scope="col">{t('history.col.subject')}</th>
                    <th scope="col">{t('history.col.action')}</th>
                    <th scope="col">{t('history.col.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.history.items.map((item) => (
                    <HistoryRow key={item.id} item={item} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className="ct-pager" aria-label={t('history.pages')}>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              disabled={!data.history.has_prev || query.isFetching}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t('history.previous')}
            </button>
            <span aria-live="polite">
              {t('history.pageOf', {
                page: formatNumber(data.history.page, lang),
                pages: formatNumber(Math.max(1, data.history.pages), lang),
                total: formatNumber(data.history.total, lang),
              })}
            </span>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              disabled={!data.history.has_next || query.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('history.next')}
            </button>
          </nav>
        </>
      )}
    </Page>
  );
}

function HistoryRow({ item }: { item: HcpHistoryItem }) {
  const { t, i18n } = useTranslation();
  const label = actionLabel(item.action, item.detail);
  const detail = detailText(item.detail, t);
  return (
    <tr>
      <td data-label={t('history.col.at')}>{formatDateTime(item.at, i18n.language)}</td>
      <td data-label={t('history.col.actor')}>{item.actor_name}</td>
      <td data-label={t('history.col.subject')}>{item.subject_name ?? '--'}</td>
      <td data-label={t('history.col.action')}>
        {'key' in label ? t(label.key) : <code>{label.text}</code>}
      </td>
      <td {...stackCell(t('history.col.detail'), detail, 'small')}>
        {detail || <span className="muted">--</span>}
      </td>
    </tr>
  );
}
