import { useTranslation } from 'react-i18next';
import type { AdminHistoryItem } from '@cgm/contract';
import { stackCell } from '../../components/stack-cell';
import { formatWhen } from './admin-ui';
import { adminActionKey } from './history-actions';

/** An operation key in words (`member.lock` → "Locked sign-in"); unknown keys are shown as they are. */
export function actionText(action: string, t: (key: string) => string): string {
  const key = adminActionKey(action);
  const text = t(key);
  return text === key ? action : text;
}

/**
 * What an action was done to: the account's name, or for clinics and firmware releases (not
 * accounts) the clinic's name or the release's version the server wrote into the row's detail.
 * The cell isolates it: in Arabic a version 3.0.0-rc.1 read "rc.1-3.0.0" otherwise.
 */
function subjectText(i: AdminHistoryItem): string {
  if (i.subject_name) return i.subject_name;
  const named = i.detail?.name ?? i.detail?.version;
  return typeof named === 'string' ? named : '';
}

/** Rows of the admin operation history: when, who, what, to whom. */
export function HistoryTable({ items }: { items: readonly AdminHistoryItem[] }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('admin.history.empty')}</p>;
  return (
    <div className="adm-scroll">
      <table className="adm-table table--stack">
        <thead>
          <tr>
            <th scope="col">{t('admin.history.when')}</th>
            <th scope="col">{t('admin.history.who')}</th>
            <th scope="col">{t('admin.history.what')}</th>
            <th scope="col">{t('admin.history.subject')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id}>
              <td data-label={t('admin.history.when')}>{formatWhen(i.at, i18n.language)}</td>
              <td data-label={t('admin.history.who')}>{i.actor_name}</td>
              <td data-label={t('admin.history.what')}>{actionText(i.action, t)}</td>
              <td {...stackCell(t('admin.history.subject'), subjectText(i))}>
                <bdi>{subjectText(i)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
