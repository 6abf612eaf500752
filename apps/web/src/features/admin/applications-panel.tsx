import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HcpApplicationItem } from '@cgm/contract';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { countryName } from '../../i18n/format';
import { useApplications, useDecide } from './admin-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { stackCell } from '../../components/stack-cell';
import { Pager, QueryState, failureText, formatWhen } from './admin-ui';

type Decision = { item: HcpApplicationItem; decision: 'approve' | 'reject' };

/** HCP applications in the desk's scope with their status; approve, or reject with a reason. */
export function ApplicationsPanel() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('submitted');
  const [page, setPage] = useState(1);
  const list = useApplications({ status: status || undefined, page, size: 20 });
  const decide = useDecide();
  const [open, setOpen] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const close = () => {
    setOpen(null);
    setReason('');
  };
  return (
    <>
      <div className="adm-filters">
        <SelectField
          label={t('hcpDesk.filter.status')}
          value={status}
          onValue={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            { value: '', label: t('hcpDesk.filter.all') },
            ...(['submitted', 'approved', 'rejected'] as const).map((s) => ({
              value: s,
              label: t(`hcpDesk.status.${s}`),
            })),
          ]}
        />
      </div>
      {done && <Notice kind="success">{done}</Notice>}
      {decide.error && <Notice kind="error">{failureText(decide.error, t)}</Notice>}
      <QueryState pending={list.isPending} error={list.error} />
      {list.data && list.data.items.length === 0 && <p className="muted">{t('hcpDesk.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="adm-scroll">
          <table className="adm-table table--stack">
            <thead>
              <tr>
                <th scope="col">{t('hcpDesk.col.applicant')}</th>
                <th scope="col">{t('hcpDesk.col.organisation')}</th>
                <th scope="col">{t('hcpDesk.col.country')}</th>
                <th scope="col">{t('hcpDesk.col.submitted')}</th>
                <th scope="col">{t('hcpDesk.col.status')}</th>
                <th scope="col">{t('hcpDesk.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((a) => (
                <tr key={a.id}>
                  <td>
                    {a.realname}
                    <br />
                    <span className="muted">{a.username}</span>
                    {a.converted_from && (
                      <div className="muted">{t('hcpDesk.converted', { type: a.converted_from })}</div>
                    )}
                  </td>
                  <td {...stackCell(t('hcpDesk.col.organisation'), a.organisation)}>{a.organisation}</td>
                  <td data-label={t('hcpDesk.col.country')}>
                    {countryName(a.country, i18n.language, a.country)}
                  </td>
                  <td data-label={t('hcpDesk.col.submitted')}>{formatWhen(a.created_at, i18n.language)}</td>
                  <td data-label={t('hcpDesk.col.status')}>
                    <span className={`adm-status adm-status--${a.status}`}>
                      {t(`hcpDesk.status.${a.status}`)}
                    </span>
                    {a.note && <div className="muted">{a.note}</div>}
                  </td>
                  <td>
                    {a.status === 'submitted' && (
                      <div className="adm-actions">
                        <button
                          type="button"
                          className="btn btn--primary btn--small"
                          onClick={() => setOpen({ item: a, decision: 'approve' })}
                        >
                          {t('hcpDesk.approve')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => setOpen({ item: a, decision: 'reject' })}
                        >
                          {t('hcpDesk.reject')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager page={list.data.page} pages={list.data.pages} total={list.data.total} onPage={setPage} />
      )}
      <ConfirmDialog
        open={open !== null}
        title={open?.decision === 'reject' ? t('hcpDesk.rejectTitle') : t('hcpDesk.approveTitle')}
        confirmLabel={open?.decision === 'reject' ? t('hcpDesk.reject') : t('hcpDesk.approve')}
        danger={open?.decision === 'reject'}
        busy={decide.isPending}
        disabled={open?.decision === 'reject' && reason.trim() === ''}
        onClose={close}
        onConfirm={() => {
          if (!open) return;
          const name = open.item.username;
          decide.mutate(
            { id: open.item.id, decision: open.decision, reason },
            {
              onSuccess: (r) =>
                setDone(t(r.status === 'approved' ? 'hcpDesk.approved' : 'hcpDesk.rejected', { name })),
              onSettled: close,
            },
          );
        }}
      >
        <p>
          {t(open?.decision === 'reject' ? 'hcpDesk.rejectBody' : 'hcpDesk.approveBody', {
            name: open?.item.username ?? '',
          })}
        </p>
        {open?.decision === 'reject' && (
          <TextField
            label={t('hcpDesk.reason')}
            required
            value={reason}
            maxLength={1000}
            onValue={setReason}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
