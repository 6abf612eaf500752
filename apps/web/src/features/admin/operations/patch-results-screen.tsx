import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../admin-ui';
import { SelectField, TextField } from '../../../components/form-field';
import { formatDateTime } from '../../../i18n/format-time';
import { PATCH_PAGE_SIZE, usePatchResults } from './ops-api';
import { CountryFilter, DateInput, Pager, QueryState, useCountryName } from './ops-common';
import { detailsText } from './patch-details';
import './operations.css';

interface Search {
  serial: string;
  kind: string;
  result: string;
  from: string;
  to: string;
  country: string;
}
const EMPTY: Search = { serial: '', kind: '', result: '', from: '', to: '', country: '' };

/**
 * /EasyPatchResult: what the patch app reported about each patch: activation and self-test
 * results by serial, with the failure code; searched by serial (prefix), kind, result, dates
 * (UTC) and country, within the admin's scope, newest first.
 */
export function PatchResultsScreen() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Search>(EMPTY);
  const [search, setSearch] = useState<Search>(EMPTY);
  const [page, setPage] = useState(1);
  const country = useCountryName();
  const query = Object.fromEntries(
    Object.entries({ ...search, page, size: PATCH_PAGE_SIZE }).filter(([, v]) => v !== ''),
  );
  const results = usePatchResults(query);
  const set = (k: keyof Search) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch({ ...draft, serial: draft.serial.trim() });
  };
  return (
    <AdminPage title={t('patchResults.title')} lead={t('patchResults.lead')}>
      <div className="ops">
        <form className="ops-toolbar" onSubmit={submit} role="search">
          <TextField
            label={t('patchResults.serial')}
            value={draft.serial}
            onValue={set('serial')}
            maxLength={40}
          />
          <SelectField
            label={t('patchResults.kind')}
            value={draft.kind}
            onValue={set('kind')}
            options={[
              { value: '', label: t('patchResults.any') },
              { value: 'activation', label: t('patchResults.kinds.activation') },
              { value: 'self_test', label: t('patchResults.kinds.self_test') },
            ]}
          />
          <SelectField
            label={t('patchResults.result')}
            value={draft.result}
            onValue={set('result')}
            options={[
              { value: '', label: t('patchResults.any') },
              { value: 'pass', label: t('patchResults.results.pass') },
              { value: 'fail', label: t('patchResults.results.fail') },
            ]}
          />
          <DateInput label={t('patchResults.from')} value={draft.from} onValue={set('from')} />
          <DateInput label={t('patchResults.to')} value={draft.to} onValue={set('to')} />
          <CountryFilter value={draft.country} onValue={set('country')} />
          <button type="submit" className="btn btn--primary">
            {t('patchResults.search')}
          </button>
        </form>
        {!results.data ? (
          <QueryState pending={results.isPending} error={results.error} />
        ) : results.data.results.length === 0 ? (
          <p className="muted">{t('patchResults.none')}</p>
        ) : (
          <>
            <div className="ops-scroll">
              <table className="table table--stack ops-table" aria-busy={results.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('patchResults.reportedAt')}</th>
                    <th scope="col">{t('patchResults.serialColumn')}</th>
                    <th scope="col">{t('patchResults.kind')}</th>
                    <th scope="col">{t('patchResults.result')}</th>
                    <th scope="col">{t('patchResults.code')}</th>
                    <th scope="col">{t('patchResults.country')}</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data.results.map((r) => (
                    <tr key={r.id}>
                      <td data-label={t('patchResults.reportedAt')}>
                        {formatDateTime(r.reported_at, i18n.language)}
                      </td>
                      <td data-label={t('patchResults.serialColumn')}>
                        <code>{r.serial}</code>
                      </td>
                      <td data-label={t('patchResults.kind')}>{t(`patchResults.kinds.${r.kind}`)}</td>
                      <td data-label={t('patchResults.result')}>
                        <span className={`ops-result ops-result--${r.result}`}>
                          {t(`patchResults.results.${r.result}`)}
                        </span>
                      </td>
                      <td data-label={t('patchResults.code')}>
                        {r.code ?? '--'}
                        {r.details && <div className="muted small ops-notes">{detailsText(r.details)}</div>}
                      </td>
                      <td data-label={t('patchResults.country')}>{country(r.country)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager {...results.data.paging} busy={results.isFetching} onPage={setPage} />
          </>
        )}
      </div>
    </AdminPage>
  );
}
