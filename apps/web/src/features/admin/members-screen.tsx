import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { memberStatus } from '@cgm/contract';
import { CountrySelect } from '../../components/country-select';
import { SelectField, TextField } from '../../components/form-field';
import { countryName } from '../../i18n/format';
import { useMembers } from './admin-api';
import { AdminPage, Pager, QueryState, formatWhen } from './admin-ui';

/** /Member: find any account in scope by name, username, type, country and state. */
export function MembersScreen() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState({ q: '', type: '', country: '', status: '' });
  const [filter, setFilter] = useState(draft);
  const [page, setPage] = useState(1);
  const list = useMembers({ ...filter, page, size: 20 });
  return (
    <AdminPage title={t('members.title')} lead={t('members.lead')}>
      <form
        className="adm-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
          setPage(1);
        }}
      >
        <TextField label={t('members.filter.q')} value={draft.q} onValue={(q) => setDraft({ ...draft, q })} />
        <SelectField
          label={t('members.filter.type')}
          value={draft.type}
          onValue={(type) => setDraft({ ...draft, type })}
          options={[
            { value: '', label: t('members.filter.any') },
            ...(['P', 'M', 'D'] as const).map((v) => ({ value: v, label: t(`members.type.${v}`) })),
          ]}
        />
        <SelectField
          label={t('members.filter.status')}
          value={draft.status}
          onValue={(status) => setDraft({ ...draft, status })}
          options={[
            { value: '', label: t('members.filter.notDeleted') },
            ...memberStatus.options.map((v) => ({ value: v, label: t(`members.status.${v}`) })),
          ]}
        />
        <CountryFilter value={draft.country} onValue={(country) => setDraft({ ...draft, country })} />
        <button type="submit" className="btn btn--primary">
          {t('members.filter.search')}
        </button>
      </form>
      <QueryState pending={list.isPending} error={list.error} />
      {list.data && list.data.items.length === 0 && <p className="muted">{t('members.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="adm-scroll">
          <table className="adm-table table--stack">
            <thead>
              <tr>
                <th scope="col">{t('members.col.name')}</th>
                <th scope="col">{t('members.col.type')}</th>
                <th scope="col">{t('members.col.country')}</th>
                <th scope="col">{t('members.col.status')}</th>
                <th scope="col">{t('members.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((m) => (
                <tr key={m.uid}>
                  <td>
                    <Link to={`/UserAdmin?uid=${encodeURIComponent(m.uid)}`}>{m.realname || m.username}</Link>
                    <br />
                    <span className="muted">{m.username}</span>
                  </td>
                  <td data-label={t('members.col.type')}>{t(`members.type.${m.user_type}`)}</td>
                  <td data-label={t('members.col.country')}>
                    {countryName(m.country, i18n.language, m.country)}
                  </td>
                  <td data-label={t('members.col.status')}>
                    <span className={`adm-status adm-status--${m.status}`}>
                      {t(`members.status.${m.status}`)}
                    </span>
                  </td>
                  <td data-label={t('members.col.created')}>{formatWhen(m.created_at, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager page={list.data.page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
      )}
    </AdminPage>
  );
}

/** Any country, or one. */
function CountryFilter({ value, onValue }: { value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(value !== '');
  if (!on) {
    return (
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          setOn(true);
          onValue('GB');
        }}
      >
        {t('members.filter.byCountry')}
      </button>
    );
  }
  return (
    <div>
      <CountrySelect label={t('members.filter.country')} value={value} onValue={onValue} />
      <button
        type="button"
        className="link-btn"
        onClick={() => {
          setOn(false);
          onValue('');
        }}
      >
        {t('members.filter.anyCountry')}
      </button>
    </div>
  );
}
