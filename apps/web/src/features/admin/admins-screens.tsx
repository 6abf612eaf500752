import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountAdminItem, AdminScopeBody } from '@cgm/contract';
import { isValidRealName, REAL_NAME_PROBLEM } from '@cgm/domain';
import { PasswordField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { useAdminScope, useAdminStatus, useAdmins, useCreateAdmin } from './admin-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AdminPage, QueryState, failureText, fieldErrors, formatWhen } from './admin-ui';
import { ScopeFields, scopeText } from './scope-fields';

/** /accountsadmin_list: every account admin with status, scope and creation; disable or enable. */
export function AdminListScreen() {
  const { t, i18n } = useTranslation();
  const admins = useAdmins();
  const status = useAdminStatus();
  const [target, setTarget] = useState<AccountAdminItem | null>(null);
  const next = target?.status === 'active' ? 'disabled' : 'active';
  return (
    <AdminPage title={t('admin.list.title')}>
      <p>
        <Link className="btn btn--primary" to="/accountsadmin_super_add">
          {t('admin.nav.addAdmin')}
        </Link>
      </p>
      <QueryState pending={admins.isPending} error={admins.error} />
      {status.error && <Notice kind="error">{failureText(status.error, t)}</Notice>}
      {admins.data && (
        <div className="adm-scroll">
          <table className="adm-table table--stack">
            <thead>
              <tr>
                <th scope="col">{t('admin.list.name')}</th>
                <th scope="col">{t('admin.list.status')}</th>
                <th scope="col">{t('admin.list.scope')}</th>
                <th scope="col">{t('admin.list.created')}</th>
                <th scope="col">{t('admin.list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {admins.data.map((a) => (
                <tr key={a.uid}>
                  <td>
                    {a.realname}
                    <br />
                    <span className="muted">{a.username}</span>
                  </td>
                  <td data-label={t('admin.list.status')}>
                    <span className={`adm-status adm-status--${a.status}`}>
                      {t(`admin.status.${a.status}`)}
                    </span>
                  </td>
                  <td data-label={t('admin.list.scope')}>
                    {a.role === 'AccountAdminSuper' ? t('admin.list.super') : scopeText(a.scope, t)}
                  </td>
                  <td data-label={t('admin.list.created')}>{formatWhen(a.created_at, i18n.language)}</td>
                  <td>
                    {a.role === 'AccountAdmin' && (
                      <div className="adm-actions">
                        <Link
                          className="btn btn--secondary btn--small"
                          to={`/accountsadmin_add?uid=${encodeURIComponent(a.uid)}`}
                        >
                          {t('admin.list.changeScope')}
                        </Link>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => setTarget(a)}
                        >
                          {a.status === 'active' ? t('admin.list.disable') : t('admin.list.enable')}
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
      <ConfirmDialog
        open={target !== null}
        title={next === 'disabled' ? t('admin.list.disableTitle') : t('admin.list.enableTitle')}
        confirmLabel={next === 'disabled' ? t('admin.list.disable') : t('admin.list.enable')}
        danger={next === 'disabled'}
        busy={status.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() => {
          if (target) status.mutate({ uid: target.uid, status: next }, { onSettled: () => setTarget(null) });
        }}
      >
        <p>
          {t(next === 'disabled' ? 'admin.list.disableBody' : 'admin.list.enableBody', {
            name: target?.username ?? '',
          })}
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}

const emptyScope: AdminScopeBody = { countries: [], regions: [] };

/** /accountsadmin_super_add: the super admin adds an account admin with any scope. */
export function SuperAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const [form, setForm] = useState({ username: '', realname: '', password: '' });
  const [scope, setScope] = useState<AdminScopeBody>(emptyScope);
  // The real-name rule of spec §5, checked before asking the server (which checks it again).
  const [badName, setBadName] = useState(false);
  const errors = fieldErrors(create.error);
  const tr = (list?: string[]) => list?.map((k) => t(k));
  return (
    <AdminPage title={t('admin.add.title')} lead={t('admin.add.lead')}>
      <form
        className="form grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const nameOk = isValidRealName(form.realname.trim());
          setBadName(!nameOk);
          if (nameOk) {
            create.mutate({ ...form, scope }, { onSuccess: () => void navigate('/accountsadmin_list') });
          }
        }}
      >
        <TextField
          label={t('admin.add.username')}
          type="email"
          required
          value={form.username}
          error={tr(errors.username)}
          onValue={(username) => setForm({ ...form, username })}
        />
        <TextField
          label={t('admin.add.realname')}
          required
          hint={t('validation.realNameHint')}
          value={form.realname}
          error={badName ? t(REAL_NAME_PROBLEM) : tr(errors.realname)}
          onValue={(realname) => setForm({ ...form, realname })}
        />
        <PasswordField
          label={t('admin.add.password')}
          required
          autoComplete="new-password"
          value={form.password}
          error={tr(errors.password)}
          onValue={(password) => setForm({ ...form, password })}
        />
        <ScopeFields
          value={scope}
          onValue={setScope}
          error={errors.scope ? t('admin.scopeRequired') : null}
        />
        {create.error && <Notice kind="error">{failureText(create.error, t)}</Notice>}
        <div className="form__actions field--full">
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {t('admin.add.submit')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

/** /accountsadmin_add?uid=: adds countries or regions to an account admin's scope (or takes them away). */
export function ScopeEditScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const admins = useAdmins();
  const admin = admins.data?.find((a) => a.uid === uid && a.role === 'AccountAdmin');
  return (
    <AdminPage title={t('admin.scopeEdit.title')} lead={t('admin.scopeEdit.lead')}>
      <QueryState pending={admins.isPending} error={admins.error} />
      {admins.data && !admin && <Notice kind="info">{t('admin.scopeEdit.choose')}</Notice>}
      {admins.data && !admin && (
        <ul className="plain-list">
          {admins.data
            .filter((a) => a.role === 'AccountAdmin')
            .map((a) => (
              <li key={a.uid}>
                <Link to={`/accountsadmin_add?uid=${encodeURIComponent(a.uid)}`}>
                  {a.realname} ({a.username})
                </Link>
              </li>
            ))}
        </ul>
      )}
      {admin && <ScopeEditor key={admin.uid} admin={admin} />}
    </AdminPage>
  );
}

function ScopeEditor({ admin }: { admin: AccountAdminItem }) {
  const { t } = useTranslation();
  const save = useAdminScope();
  const [scope, setScope] = useState<AdminScopeBody>({
    countries: admin.scope?.countries ?? [],
    regions: (admin.scope?.regions ?? []) as AdminScopeBody['regions'],
  });
  return (
    <form
      className="form grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ uid: admin.uid, scope });
      }}
    >
      <p className="field--full">
        {admin.realname} ({admin.username})
      </p>
      <ScopeFields value={scope} onValue={setScope} />
      {save.error && <Notice kind="error">{failureText(save.error, t)}</Notice>}
      {save.isSuccess && <Notice kind="success">{t('success.saved')}</Notice>}
      <div className="form__actions field--full">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
