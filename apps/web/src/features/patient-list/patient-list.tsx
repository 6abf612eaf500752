import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { defaultGlucoseUnit, isGlucoseUnit } from '@cgm/domain';
import { useSearchParams } from 'react-router';
import { SESSION_KEYS } from '../../session/session';
import { sessionStore } from '../../lib/storage';
import { ApiFailureError, failureKey } from '../../api/errors';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { formatNumber } from '../../i18n/format';
import { DeletePatientsDialog } from './delete-dialog';
import { INITIAL_LIST, patientListKeys, usePatients, type ListState } from './patient-list-api';
import { deletePlan, nextSort, pageAfterDeletion } from './patient-row-view';
import { PatientRows } from './patient-rows';
import { PopulationLine } from './triage-cells';
import { ListFilters } from './list-filters';
import './patient-list.css';

interface Props {
  title: string;
  /** The HCP's tools above the list (links and buttons). */
  tools?: ReactNode;
  /** The clinic login: rows open /ClinicHcp, and it reads only (no deletion). */
  clinic?: boolean;
}

/**
 * The patient list of /PatientList, /HcpMenu and /ClinicPatientList (spec §2, §3 "Patient list
 * item", §7): search, diabetes-type filter, sortable columns, paging, selection and deletion.
 */
export function PatientList({ title, tools, clinic = false }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ListState>(INITIAL_LIST);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const query = usePatients(state);
  // Ages and staleness are judged at the moment the page was fetched (rows exist only then).
  const now = query.dataUpdatedAt;
  const lang = i18n.language;
  // The band limits in headers and flags: in the unit of the viewer's country (spec §9 default).
  // The viewer may switch it (`?unit=`, as on the reports).
  const [sp] = useSearchParams();
  const asked = sp.get('unit');
  const unit = isGlucoseUnit(asked)
    ? asked
    : defaultGlucoseUnit(sessionStore().getItem(SESSION_KEYS.locCode) ?? '');

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  // The search applies after a short pause in typing, from page 1.
  useEffect(() => {
    const timer = setTimeout(
      () => setState((s) => (s.q === search.trim() ? s : { ...s, q: search.trim(), page: 1 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [search]);

  const data = query.data;
  const items = data?.items ?? [];
  const plan = deletePlan(items, selected);
  const toggle = (uid: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  const change = (next: ListState) => {
    setSelected(new Set());
    setState(next);
  };

  return (
    <section className="page page--wide patient-list" aria-labelledby="page-title">
      <div className="card">
        <div className="patient-list__head">
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
          {tools && <div className="patient-list__tools">{tools}</div>}
        </div>
        <ListFilters
          state={state}
          search={search}
          onSearch={setSearch}
          change={change}
          unit={unit}
          clinic={clinic}
          canDelete={selected.size > 0}
          onDelete={() => setConfirming(true)}
        />
        {done && <Notice kind="success">{done}</Notice>}
        {clinic && data?.awaiting_consent ? (
          // Patients of the clinic's HCPs who have not allowed the desk: counted, never named.
          <Notice kind="info">
            {t('patients.list.awaitingConsent', { number: formatNumber(data.awaiting_consent, lang) })}
          </Notice>
        ) : null}
        {data && <PopulationLine population={data.population} unit={unit} />}
        {query.error ? (
          <Notice kind="error">
            {t(query.error instanceof ApiFailureError ? failureKey(query.error.failure) : 'errors.network')}
          </Notice>
        ) : !data ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className="muted">
            {t(
              state.attention && !state.q && !state.diabetesType
                ? 'patients.list.noneNeedAttention'
                : state.q || state.diabetesType || state.attention
                  ? 'patients.list.noMatch'
                  : clinic
                    ? 'patients.list.clinicEmpty'
                    : 'patients.list.empty',
            )}
          </p>
        ) : (
          <>
            <p className="muted small patient-list__scroll-hint" id="patient-list-scroll-hint">
              {t('patients.list.scrollHint')}
            </p>
            <div
              className="table-scroll"
              aria-busy={query.isFetching || undefined}
              tabIndex={0}
              role="region"
              aria-label={t('patients.list.caption')}
              aria-describedby="patient-list-scroll-hint"
            >
              <PatientRows
                items={items}
                now={now}
                clinic={clinic}
                selectable={!clinic}
                selected={selected}
                onToggle={toggle}
                onToggleAll={(on) => setSelected(on ? new Set(items.map((i) => i.uid)) : new Set())}
                sort={state.sort}
                order={state.order}
                onSort={(column) => change(nextSort(state, column))}
                unit={unit}
              />
            </div>
          </>
        )}
        {data && data.total > 0 && (
          <nav className="pager" aria-label={t('patients.list.pages')}>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              disabled={!data.has_prev || query.isFetching}
              onClick={() => change({ ...state, page: state.page - 1 })}
            >
              {t('patients.list.previous')}
            </button>
            <span className="pager__status" aria-live="polite">
              {t('patients.list.pageOf', {
                page: formatNumber(data.page, lang),
                pages: formatNumber(Math.max(1, data.pages), lang),
                total: formatNumber(data.total, lang),
              })}
            </span>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              disabled={!data.has_next || query.isFetching}
              onClick={() => change({ ...state, page: state.page + 1 })}
            >
              {t('patients.list.next')}
            </button>
          </nav>
        )}
      </div>
      <DeletePatientsDialog
        open={confirming}
        accounts={plan.accounts}
        removals={plan.removals}
        onClose={() => setConfirming(false)}
        onDone={(message) => {
          setConfirming(false);
          // Every row of the last page deleted: show the page before it, not an empty page.
          if (data) {
            const page = pageAfterDeletion({ ...data, rows: items.length }, selected.size);
            if (page !== state.page) setState({ ...state, page });
          }
          setSelected(new Set());
          setDone(message);
          void queryClient.invalidateQueries({ queryKey: patientListKeys.all });
        }}
      />
    </section>
  );
}
