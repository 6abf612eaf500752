import { useTranslation } from 'react-i18next';
import type { AlertHistoryEntry } from '@cgm/contract';
import './alert-history-table.css';

/**
 * The alert history as a table (issue 16), newest first: when, which alert, what happened (raised,
 * repeated, delivered by which channel and how it went, acknowledged, snoozed, ended) and for whom.
 * `timeOf` formats an instant on the clock the screen uses.
 */
export function AlertHistoryTable({
  entries,
  timeOf,
}: {
  entries: readonly AlertHistoryEntry[];
  timeOf: (ms: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="alert-history">
        <thead>
          <tr>
            <th scope="col">{t('alerts.history.time')}</th>
            <th scope="col">{t('alerts.history.alert')}</th>
            <th scope="col">{t('alerts.history.what')}</th>
            <th scope="col">{t('alerts.history.who')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.at}-${i}`}>
              <td className="nowrap">{timeOf(e.at)}</td>
              <td>{t(`alerts.kind.${e.kind}`)}</td>
              <td>
                {t(`alerts.history.action.${e.action}`)}
                {e.channel &&
                  ` · ${t(`alerts.history.channel.${e.channel}`)}: ${t(`alerts.history.outcome.${e.outcome ?? 'none'}`)}`}
              </td>
              <td>{e.follower ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
