import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '@cgm/contract';
import { formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { useUploads } from './data-sources-api';
import { QueryState } from './query-state';

/** Upload history, newest first, paged (spec §2 "Upload history"). */
export function UploadsPanel({ uid }: { uid: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useUploads(uid, page);
  if (!query.data) return <QueryState pending={query.isPending} error={query.error} />;
  const data = query.data;
  const lang = i18n.language;
  return (
    <div className="uploads">
      {data.items.length === 0 ? (
        <p className="muted">{t('dataSources.uploads.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table data-table" aria-busy={query.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('dataSources.uploads.received')}</th>
                <th scope="col">{t('dataSources.uploads.from')}</th>
                <th scope="col">{t('dataSources.uploads.records')}</th>
                <th scope="col">{t('dataSources.uploads.span')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((u) => (
                <tr key={u.id}>
                  <td>{formatDateTime(u.received_at, lang)}</td>
                  <td>
                    <UploadOrigin item={u} />
                  </td>
                  <td>
                    <UploadCounts item={u} />
                  </td>
                  <td>
                    {u.first_time !== null && u.last_time !== null ? (
                      <>
                        {formatDateTime(u.first_time, lang)}
                        <div>{`– ${formatDateTime(u.last_time, lang)}`}</div>
                      </>
                    ) : (
                      '--'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label={t('dataSources.uploads.pages')}>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={!data.has_prev || query.isFetching}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          {t('dataSources.uploads.previous')}
        </button>
        <span className="pager__status" aria-live="polite">
          {t('dataSources.uploads.pageOf', {
            page: formatNumber(data.page, lang),
            pages: formatNumber(Math.max(1, data.pages), lang),
            total: formatNumber(data.total, lang),
          })}
        </span>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={!data.has_next || query.isFetching}
          onClick={() => setPage((p) => p + 1)}
        >
          {t('dataSources.uploads.next')}
        </button>
      </nav>
    </div>
  );
}

function UploadOrigin({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const source = t(`dataSources.sources.${item.source}`);
  if (item.deletion)
    return <span className="tag tag--danger">{t('dataSources.uploads.deletion', { source })}</span>;
  const device = item.device
    ? `${item.device.name ?? t(`dataSources.uploads.deviceKinds.${item.device.kind}`, { defaultValue: item.device.kind })} (${item.device.serial})`
    : (item.label ?? t('dataSources.uploads.unknownDevice'));
  return (
    <>
      {device}
      <div className="muted small">{source}</div>
    </>
  );
}

function UploadCounts({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  if (item.deletion) return <>{t('dataSources.uploads.deleted', { count: n(item.deletion.total) })}</>;
  return (
    <>
      {t('dataSources.uploads.stored', { count: n(item.stored) })}
      {item.duplicates > 0 && (
        <div className="muted small">
          {t('dataSources.uploads.duplicates', { count: n(item.duplicates) })}
        </div>
      )}
      {item.rejected > 0 && (
        <div className="small field__errors">
          {t('dataSources.uploads.rejected', { count: n(item.rejected) })}
        </div>
      )}
    </>
  );
}
