import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FIRMWARE_CONFIRMED_STATES, type FirmwareRelease } from '@cgm/contract';
import { AdminPage } from '../admin-ui';
import { Notice } from '../../../components/notice';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../i18n/format-time';
import { createRelease, editRelease, moveRelease, opsKeys, useFirmware } from './ops-api';
import { failureText, fieldErrors, QueryState } from './ops-common';
import { FirmwareForm, type FirmwareDraft } from './firmware-form';
import { targetsText } from './firmware-targets';
import './operations.css';

/** Moves that end a rollout for good ask first (the server insists on the confirmation). */
const FINAL_MOVES = new Set<string>(FIRMWARE_CONFIRMED_STATES);

/**
 * /otamanagement: device firmware releases (device type, version, notes, target serials or
 * regions, rollout state). The super admin creates, edits and moves them; account admins read.
 */
export function OtaManagementScreen() {
  const { t, i18n } = useTranslation();
  const exists = (k: string) => i18n.exists(k);
  const queryClient = useQueryClient();
  const firmware = useFirmware();
  const [editing, setEditing] = useState<FirmwareRelease | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ release: FirmwareRelease; to: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const done = async (text: string) => {
    setEditing(null);
    setConfirm(null);
    setFailure(null);
    setNotice(text);
    await queryClient.invalidateQueries({ queryKey: opsKeys.firmware });
  };
  const save = useMutation({
    mutationFn: (d: FirmwareDraft) =>
      editing && editing !== 'new'
        ? editRelease(editing.id, {
            notes: d.notes,
            target_serials: d.target_serials,
            target_regions: d.target_regions,
          })
        : createRelease({ ...d, device_type: d.device_type as FirmwareRelease['device_type'] }),
    onSuccess: async (r) => {
      if (!r.ok) {
        setErrors(fieldErrors(r, t, exists));
        setFailure(failureText(r, t, exists));
        return;
      }
      await done(t('firmware.saved', { version: r.data.release.version }));
    },
  });
  const move = useMutation({
    mutationFn: (m: { id: string; to: string; confirmed?: boolean }) =>
      moveRelease(m.id, m.to, m.confirmed === true),
    onSuccess: async (r) => {
      if (!r.ok) {
        setConfirm(null);
        setNotice(null);
        setFailure(failureText(r, t, exists));
        return;
      }
      await done(
        t('firmware.moved', {
          version: r.data.release.version,
          state: t(`firmware.states.${r.data.release.state}`),
        }),
      );
    },
  });

  const data = firmware.data;
  const canManage = data?.can_manage ?? false;
  const ask = (release: FirmwareRelease, to: string) =>
    FINAL_MOVES.has(to) ? setConfirm({ release, to }) : move.mutate({ id: release.id, to });

  return (
    <AdminPage title={t('firmware.title')} lead={t(canManage ? 'firmware.leadManage' : 'firmware.leadRead')}>
      <div className="ops">
        <div className="ops-toolbar">
          <Link className="btn btn--secondary" to="/otamanagementHistory">
            {t('firmware.historyLink')}
          </Link>
          {canManage && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => (setErrors({}), setFailure(null), setEditing('new'))}
            >
              {t('firmware.new')}
            </button>
          )}
        </div>
        {notice && <Notice kind="success">{notice}</Notice>}
        {failure && !editing && <Notice kind="error">{failure}</Notice>}
        {!data ? (
          <QueryState pending={firmware.isPending} error={firmware.error} />
        ) : data.releases.length === 0 ? (
          <p className="muted">{t('firmware.none')}</p>
        ) : (
          <div className="ops-scroll">
            <table className="table table--stack ops-table">
              <thead>
                <tr>
                  <th scope="col">{t('firmware.deviceType')}</th>
                  <th scope="col">{t('firmware.version')}</th>
                  <th scope="col">{t('firmware.state')}</th>
                  <th scope="col">{t('firmware.targets')}</th>
                  <th scope="col">{t('firmware.updated')}</th>
                  <th scope="col">{t('firmware.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.releases.map((r) => (
                  <tr key={r.id}>
                    <td data-label={t('firmware.deviceType')}>
                      {t(`firmware.deviceTypes.${r.device_type}`)}
                    </td>
                    <td data-label={t('firmware.version')}>
                      {/* Isolated: in Arabic 3.0.0-rc.1 read "rc.1-3.0.0", and notes in another
                          script than the page's kept their own direction. */}
                      <strong>
                        <bdi>{r.version}</bdi>
                      </strong>
                      {r.notes && (
                        <div className="muted small ops-notes" dir="auto">
                          {r.notes}
                        </div>
                      )}
                    </td>
                    <td data-label={t('firmware.state')}>
                      <span className={`ops-state ops-state--${r.state}`}>
                        {t(`firmware.states.${r.state}`)}
                      </span>
                    </td>
                    <td data-label={t('firmware.targets')}>
                      {r.target_regions.length > 0 && (
                        <div>{targetsText(r.target_regions, i18n.language, t)}</div>
                      )}
                      {r.target_serials.length > 0 && (
                        <div className="muted small">
                          {t('firmware.serialCount', { count: r.target_serials.length })}
                        </div>
                      )}
                    </td>
                    <td data-label={t('firmware.updated')}>{formatDateTime(r.updated_at, i18n.language)}</td>
                    <td>
                      <div className="ops-actions">
                        <Link
                          className="link-btn small"
                          to={`/otamanagementHistory?release=${encodeURIComponent(r.id)}`}
                        >
                          {t('firmware.historyOf')}
                        </Link>
                        {canManage &&
                          r.next_states.map((to) => (
                            <button
                              key={to}
                              type="button"
                              className={`btn btn--small ${to === 'withdrawn' ? 'btn--danger' : 'btn--secondary'}`}
                              disabled={move.isPending}
                              onClick={() => ask(r, to)}
                            >
                              {t(`firmware.moves.${to}`)}
                            </button>
                          ))}
                        {canManage && r.next_states.length > 0 && (
                          <button
                            type="button"
                            className="btn btn--ghost btn--small"
                            onClick={() => (setErrors({}), setFailure(null), setEditing(r))}
                          >
                            {t('firmware.edit')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <Dialog
        open={editing !== null}
        title={
          editing && editing !== 'new'
            ? t('firmware.editTitle', { version: editing.version })
            : t('firmware.new')
        }
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <FirmwareForm
            release={editing === 'new' ? undefined : editing}
            busy={save.isPending}
            errors={errors}
            failure={failure}
            onSubmit={(d) => save.mutate(d)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={confirm !== null}
        role="alertdialog"
        title={confirm ? t(`firmware.confirm.${confirm.to}Title`, { version: confirm.release.version }) : ''}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={move.isPending}
              onClick={() =>
                confirm && move.mutate({ id: confirm.release.id, to: confirm.to, confirmed: true })
              }
            >
              {confirm ? t(`firmware.moves.${confirm.to}`) : ''}
            </button>
          </>
        }
      >
        {confirm && <p>{t(`firmware.confirm.${confirm.to}Body`)}</p>}
      </Dialog>
    </AdminPage>
  );
}
