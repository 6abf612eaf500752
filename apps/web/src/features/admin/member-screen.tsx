import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@cgm/contract';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { countryName } from '../../i18n/format';
import { useMember, useMemberAction, type MemberAction } from './admin-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AdminPage, QueryState, failureText, formatWhen } from './admin-ui';

/** /UserAdmin?uid=: one account, and what an admin may do to it. */
export function MemberScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const member = useMember(uid);
  return (
    <AdminPage title={t('members.detail.title')}>
      <p>
        <Link to="/Member">{t('members.detail.back')}</Link>
      </p>
      {!uid && <Notice kind="info">{t('members.detail.choose')}</Notice>}
      {uid && <QueryState pending={member.isPending} error={member.error} />}
      {member.data && <MemberView m={member.data} />}
    </AdminPage>
  );
}

function Facts({ m }: { m: MemberDetail }) {
  const { t, i18n } = useTranslation();
  const when = (ms: number | null) => (ms === null ? '—' : formatWhen(ms, i18n.language));
  const rows: Array<[string, string]> = [
    ['members.col.name', m.realname],
    ['members.detail.username', m.username],
    ['members.detail.email', m.email ?? '—'],
    ['members.detail.mobile', m.mobile ?? '—'],
    ['members.col.type', t(`members.type.${m.user_type}`)],
    ['members.detail.createdBy', t(`profile.createdBy.${m.created_by}`)],
    ['members.col.country', countryName(m.country, i18n.language, m.country)],
    ['members.col.status', t(`members.status.${m.status}`)],
    ['members.detail.organisation', m.organisation ?? '—'],
    ['members.detail.mfa', m.mfa ? t('members.detail.on') : t('members.detail.off')],
    ['members.detail.failedAttempts', String(m.failed_attempts)],
    ['members.detail.lockedUntil', when(m.locked_until)],
    ['members.detail.connections', String(m.connections)],
    ['members.detail.application', m.application ? t(`hcpDesk.status.${m.application.status}`) : '—'],
    ['members.col.created', when(m.created_at)],
    ['members.detail.deletedAt', when(m.deleted_at)],
    ['members.detail.retention', t(`members.retention.${m.retention}`)],
  ];
  return (
    <dl className="facts">
      {rows.map(([k, v]) => (
        <div key={k} className="adm-fact">
          <dt>{t(k)}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

type Pending = { action: MemberAction; title: string; body: string; danger: boolean } | null;

function MemberView({ m }: { m: MemberDetail }) {
  const { t } = useTranslation();
  const act = useMemberAction(m.uid);
  const [pending, setPending] = useState<Pending>(null);
  const [minutes, setMinutes] = useState('1440');
  const [type, setType] = useState<'P' | 'M' | 'D'>(m.user_type === 'P' ? 'M' : 'P');
  const [organisation, setOrganisation] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const locked = m.status === 'locked';
  const deleted = m.status === 'deleted';
  const convertible = m.user_type === 'P' || m.user_type === 'M';
  const ask = (action: MemberAction, key: string, danger = true) =>
    setPending({
      action,
      title: t(`members.action.${key}Title`),
      body: t(`members.action.${key}Body`, { name: m.username }),
      danger,
    });
  const run = (action: MemberAction, okKey: string) =>
    act.mutate(action, { onSuccess: () => setDone(t(okKey)), onSettled: () => setPending(null) });
  return (
    <>
      <Facts m={m} />
      {done && <Notice kind="success">{done}</Notice>}
      {act.error && <Notice kind="error">{failureText(act.error, t)}</Notice>}
      {!deleted && (
        <section aria-labelledby="member-actions">
          <h2 id="member-actions">{t('members.action.title')}</h2>
          <div className="adm-actions">
            {locked ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => run({ kind: 'unlock' }, 'members.done.unlock')}
              >
                {t('members.action.unlock')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => ask({ kind: 'lock', minutes: Number(minutes) }, 'lock')}
              >
                {t('members.action.lock')}
              </button>
            )}
            {m.mfa && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => ask({ kind: 'mfa' }, 'mfa', false)}
              >
                {t('members.action.mfa')}
              </button>
            )}
            {m.application && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => run({ kind: 'resend' }, 'members.done.resend')}
              >
                {t('members.action.resend')}
              </button>
            )}
            {convertible && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => ask({ kind: 'type', type, organisation }, type === 'D' ? 'typeHcp' : 'type')}
              >
                {t('members.action.type')}
              </button>
            )}
            <button
              type="button"
              className="btn btn--danger"
              onClick={() =>
                ask({ kind: 'delete' }, m.retention === 'two_years' ? 'deleteKeep' : 'deleteNow')
              }
            >
              {t('members.action.delete')}
            </button>
          </div>
          <div className="adm-filters">
            {!locked && (
              <SelectField
                label={t('members.action.lockFor')}
                value={minutes}
                onValue={setMinutes}
                options={[60, 1440, 10080, 43200].map((n) => ({
                  value: String(n),
                  label: t(`members.lockFor.${n}`),
                }))}
              />
            )}
            {convertible && (
              <SelectField
                label={t('members.action.newType')}
                value={type}
                onValue={(v) => setType(v as 'P' | 'M' | 'D')}
                options={(['P', 'M', 'D'] as const)
                  .filter((x) => x !== m.user_type)
                  .map((x) => ({ value: x, label: t(`members.type.${x}`) }))}
              />
            )}
            {convertible && type === 'D' && (
              <TextField
                label={t('members.action.organisation')}
                required
                value={organisation}
                onValue={setOrganisation}
              />
            )}
          </div>
        </section>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={t('members.action.confirm')}
        danger={pending?.danger}
        busy={act.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const a = pending.action;
          // The lock length and the new type are read when confirming, as shown in the dialog.
          const action: MemberAction =
            a.kind === 'lock'
              ? { kind: 'lock', minutes: Number(minutes) }
              : a.kind === 'type'
                ? { kind: 'type', type, organisation }
                : a;
          run(action, `members.done.${action.kind}`);
        }}
      >
        <p>{pending?.body}</p>
      </ConfirmDialog>
    </>
  );
}
