import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ACTIONS } from '@cgm/contract';
import { SelectField, TextField } from '../../components/form-field';
import { localDayBounds } from '../../lib/dates';
import { useSession } from '../../session/session-state';
import { useAdminHistory } from './admin-api';
import { AdminPage, Pager, QueryState } from './admin-ui';
import { HistoryTable, actionText } from './history-table';

/** /History: the admin operation history (immutable); the super admin's has everyone's actions. */
export function AdminHistoryScreen() {
  const { t } = useTranslation();
  const user = useSession();
  const [draft, setDraft] = useState({ q: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState(draft);
  const [page, setPage] = useState(1);
  // Whole local days: on the day the clocks go back, 24 hours left its last hour out.
  const days = localDayBounds(filter.from, filter.to);
  const list = useAdminHistory({ q: filter.q, action: filter.action, ...days, page, size: 25 });
  return (
    <AdminPage
      title={t('admin.history.title')}
      lead={user?.role === 'AccountAdminSuper' ? t('admin.history.leadSuper') : t('admin.history.leadOwn')}
    >
      <form
        className="adm-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
          setPage(1);
        }}
      >
        <TextField
          label={t('admin.history.search')}
          value={draft.q}
          onValue={(q) => setDraft({ ...draft, q })}
        />
        <SelectField
          label={t('admin.history.what')}
          value={draft.action}
          onValue={(action) => setDraft({ ...draft, action })}
          options={[
            { value: '', label: t('admin.history.anyAction') },
            ...ADMIN_ACTIONS.map((a) => ({ value: a, label: actionText(a, t) })),
          ]}
        />
        <TextField
          label={t('admin.history.from')}
          type="date"
          value={draft.from}
          onValue={(from) => setDraft({ ...draft, from })}
        />
        <TextField
          label={t('admin.history.to')}
          type="date"
          value={draft.to}
          onValue={(to) => setDraft({ ...draft, to })}
        />
        <button type="submit" className="btn btn--primary">
          {t('admin.history.apply')}
        </button>
      </form>
      <QueryState pending={list.isPending} error={list.error} />
      {list.data && <HistoryTable items={list.data.items} />}
      {list.data && (
        <Pager page={list.data.page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
      )}
    </AdminPage>
  );
}
