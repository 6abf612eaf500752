import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { FirmwareChange, FirmwareRelease } from '@cgm/contract';
import { AdminPage } from '../admin-ui';
import { SelectField } from '../../../components/form-field';
import { formatDateTime } from '../../../i18n/format-time';
import { isolate } from '../../../lib/bidi';
import { useFirmware, useFirmwareHistory } from './ops-api';
import { Pager, QueryState } from './ops-common';
import './operations.css';

/**
 * /otamanagementHistory: every change of the firmware releases (created, edited, each state move),
 * read from the immutable admin history, for one release (?release=) or all of them.
 */
export function OtaHistoryScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const releaseId = params.get('release') ?? '';
  const [page, setPage] = useState(1);
  const releases = useFirmware();
  const history = useFirmwareHistory(releaseId, page);
  const byId = new Map((releases.data?.releases ?? []).map((r) => [r.id, r]));
  const choose = (id: string) => {
    setPage(1);
    setParams(id ? { release: id } : {}, { replace: true });
  };
  return (
    <AdminPage title={t('firmware.historyTitle')} lead={t('firmware.historyLead')}>
      <div className="ops">
        <div className="ops-toolbar">
          <SelectField
            label={t('firmware.release')}
            value={releaseId}
            onValue={choose}
            options={[
              { value: '', label: t('firmware.allReleases') },
              ...(releases.data?.releases ?? []).map((r) => ({ value: r.id, label: releaseLabel(r, t) })),
            ]}
          />
          <Link className="btn btn--secondary" to="/otamanagement">
            {t('firmware.backToReleases')}
          </Link>
        </div>
        {!history.data ? (
          <QueryState pending={history.isPending} error={history.error} />
        ) : history.data.changes.length === 0 ? (
          <p className="muted">{t('firmware.noChanges')}</p>
        ) : (
          <>
            <div className="ops-scroll">
              <table className="table table--stack ops-table" aria-busy={history.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('firmware.when')}</th>
                    <th scope="col">{t('firmware.release')}</th>
                    <th scope="col">{t('firmware.change')}</th>
                    <th scope="col">{t('firmware.by')}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.changes.map((c) => (
                    <ChangeRow
                      key={c.id}
                      change={c}
                      release={c.release_id ? byId.get(c.release_id) : undefined}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pager {...history.data.paging} busy={history.isFetching} onPage={setPage} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;
/** Device and version; the version isolated, as in Arabic 3.0.0-rc.1 read "rc.1-3.0.0". */
const releaseLabel = (r: FirmwareRelease, t: T) =>
  `${t(`firmware.deviceTypes.${r.device_type}`)} ${isolate(r.version)}`;

function ChangeRow({ change, release }: { change: FirmwareChange; release?: FirmwareRelease }) {
  const { t, i18n } = useTranslation();
  const d = change.detail ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  let what: string;
  if (change.action === 'firmware.state') {
    what = t('firmware.changes.state', {
      from: t(`firmware.states.${str(d.from)}`),
      to: t(`firmware.states.${str(d.to)}`),
    });
  } else if (change.action === 'firmware.create') {
    what = t('firmware.changes.create');
  } else {
    what = t(d.notesChanged ? 'firmware.changes.editNotes' : 'firmware.changes.edit');
  }
  const version = release ? releaseLabel(release, t) : isolate(str(d.version) || '--');
  return (
    <tr>
      <td data-label={t('firmware.when')}>{formatDateTime(change.at, i18n.language)}</td>
      <td data-label={t('firmware.release')}>{version}</td>
      <td data-label={t('firmware.change')}>{what}</td>
      <td data-label={t('firmware.by')}>{change.actor}</td>
    </tr>
  );
}
