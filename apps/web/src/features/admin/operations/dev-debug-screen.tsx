import { useTranslation } from 'react-i18next';
import { AdminPage } from '../admin-ui';
import { formatDateTime, formatDuration } from '../../../i18n/format-time';
import { formatNumber } from '../../../i18n/format';
import { useDevDebug } from './ops-api';
import { QueryState } from './ops-common';
import './operations.css';

const MB = 1024 * 1024;

/**
 * /DevDebug, the super admin's page: this server process (version, Node, database driver, uptime,
 * memory), the migrations applied, the latest 50 mails and SMS of the outbox with their delivery,
 * and the live bus (listeners, waiting long polls). Refreshes every 10 seconds.
 */
export function DevDebugScreen() {
  const { t, i18n } = useTranslation();
  const debug = useDevDebug();
  const lang = i18n.language;
  const n = (v: number, digits = 0) => formatNumber(v, lang, { maximumFractionDigits: digits });
  const d = debug.data;
  return (
    <AdminPage title={t('devDebug.title')} lead={t('devDebug.lead')}>
      {!d ? (
        <QueryState pending={debug.isPending} error={debug.error} />
      ) : (
        <div className="ops">
          <div className="ops-columns">
            <section className="ops-panel">
              <h2 className="section__title">{t('devDebug.server')}</h2>
              <dl className="ops-facts">
                <dt>{t('devDebug.version')}</dt>
                <dd>{d.server.version}</dd>
                <dt>{t('devDebug.node')}</dt>
                <dd>{d.server.node}</dd>
                <dt>{t('devDebug.driver')}</dt>
                <dd>{t(`devDebug.drivers.${d.server.driver}`)}</dd>
                <dt>{t('devDebug.uptime')}</dt>
                <dd>{formatDuration(d.server.uptime_s * 1000, lang)}</dd>
                <dt>{t('devDebug.startedAt')}</dt>
                <dd>{formatDateTime(d.server.started_at, lang)}</dd>
                <dt>{t('devDebug.memory')}</dt>
                <dd>
                  {t('devDebug.memoryFigures', {
                    rss: n(d.server.memory.rss / MB, 1),
                    heap: n(d.server.memory.heap_used / MB, 1),
                    total: n(d.server.memory.heap_total / MB, 1),
                  })}
                </dd>
              </dl>
            </section>
            <section className="ops-panel">
              <h2 className="section__title">{t('devDebug.bus')}</h2>
              <dl className="ops-facts">
                <dt>{t('devDebug.transport')}</dt>
                <dd>{d.bus.transport}</dd>
                <dt>{t('devDebug.listeners')}</dt>
                <dd>
                  {t('devDebug.listenersFigures', {
                    listeners: n(d.bus.listeners),
                    patients: n(d.bus.patients),
                  })}
                </dd>
                <dt>{t('devDebug.waiting')}</dt>
                <dd>
                  {t('devDebug.waitingFigures', {
                    polls: n(d.bus.waiting_polls),
                    patients: n(d.bus.waiting_patients),
                  })}
                </dd>
                <dt>{t('devDebug.published')}</dt>
                <dd>{n(d.bus.published)}</dd>
              </dl>
            </section>
          </div>
          <div className="ops-scroll">
            <table className="table table--stack ops-table">
              <caption>{t('devDebug.migrations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('devDebug.migration')}</th>
                  <th scope="col">{t('devDebug.created')}</th>
                  <th scope="col">{t('devDebug.applied')}</th>
                  <th scope="col">{t('devDebug.hash')}</th>
                </tr>
              </thead>
              <tbody>
                {d.migrations.map((m) => (
                  <tr key={m.hash}>
                    <td data-label={t('devDebug.migration')}>{m.tag ?? t('devDebug.unknownMigration')}</td>
                    <td data-label={t('devDebug.created')}>{formatDateTime(m.created_at, lang)}</td>
                    <td data-label={t('devDebug.applied')}>
                      {m.applied_at === null ? (
                        <span className="muted">{t('devDebug.appliedUnknown')}</span>
                      ) : (
                        formatDateTime(m.applied_at, lang)
                      )}
                    </td>
                    <td data-label={t('devDebug.hash')}>
                      <code>{m.hash.slice(0, 12)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="ops-scroll">
            <table className="table table--stack ops-table">
              <caption>{t('devDebug.outbox')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('devDebug.queued')}</th>
                  <th scope="col">{t('devDebug.recipient')}</th>
                  <th scope="col">{t('devDebug.subject')}</th>
                  <th scope="col">{t('devDebug.delivery')}</th>
                </tr>
              </thead>
              <tbody>
                {d.outbox.length === 0 && (
                  <tr>
                    <td colSpan={4} className="muted">
                      {t('devDebug.outboxEmpty')}
                    </td>
                  </tr>
                )}
                {d.outbox.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t('devDebug.queued')}>{formatDateTime(m.created_at, lang)}</td>
                    <td data-label={t('devDebug.recipient')}>
                      {m.recipient}
                      <div className="muted small">
                        {t(`devDebug.channels.${m.channel}`, { defaultValue: m.channel })}
                      </div>
                    </td>
                    <td data-label={t('devDebug.subject')}>{m.subject}</td>
                    <td data-label={t('devDebug.delivery')}>
                      {m.sent_at !== null ? (
                        <span className="ops-result ops-result--pass">
                          {t('devDebug.sent', { at: formatDateTime(m.sent_at, lang) })}
                        </span>
                      ) : m.error ? (
                        <span className="ops-result ops-result--fail" title={m.error}>
                          {t('devDebug.failed')}
                        </span>
                      ) : (
                        <span className="muted">{t('devDebug.notSent')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </AdminPage>
  );
}
