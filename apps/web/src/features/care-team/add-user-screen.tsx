import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profession } from '@cgm/contract';
import { ErrorCode } from '@cgm/domain';
import { useSession } from '../../session/session-state';
import { failureKey } from '../../api/errors';
import { SelectField, TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/new-password-fields';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { addGroupUser, careTeamKeys } from './care-team-api';
import { hasAddUserErrors, validateAddUser, type AddUserErrors, type AddUserForm } from './add-user-rules';
import { isGroupManager } from './group-manager';
import './care-team.css';

const EMPTY: AddUserForm = {
  username: '',
  realname: '',
  major: 'unspecified',
  organisation: '',
  password: '',
  repeat: '',
};

/** /HcpAddUser (spec §2): a group manager creates an HCP account in their group. */
export function AddUserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const manager = isGroupManager(useSession());
  const [form, setForm] = useState<AddUserForm>(EMPTY);
  const [errors, setErrors] = useState<AddUserErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof AddUserForm>(key: K, value: AddUserForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const list = (key: keyof AddUserForm) => errors[key]?.map((e) => t(e));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateAddUser(form);
    setErrors(found);
    setFailure(null);
    if (hasAddUserErrors(found)) return;
    setBusy(true);
    const res = await addGroupUser({
      username: form.username,
      realname: form.realname.trim(),
      major: form.major as (typeof profession.options)[number],
      password: form.password,
      ...(form.organisation.trim() ? { organisation: form.organisation.trim() } : {}),
    });
    setBusy(false);
    if (res.ok) {
      await client.invalidateQueries({ queryKey: careTeamKeys.all });
      void navigate(`/HcpGroupUserInfo?id=${encodeURIComponent(res.data.uid)}`);
      return;
    }
    if (res.code === ErrorCode.REGISTER_FAILED_SPECIFIC)
      setErrors({ username: ['careTeam.add.usernameTaken'] });
    else setFailure(failureKey(res));
  }

  if (!manager) {
    return (
      <Page title={t('careTeam.add.title')}>
        <Notice kind="info">{t('careTeam.managersOnly')}</Notice>
      </Page>
    );
  }
  return (
    <Page title={t('careTeam.add.title')} lead={t('careTeam.add.lead')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('careTeam.add.username')}
          value={form.username}
          onValue={(v) => set('username', v)}
          autoComplete="off"
          required
          hint={t('careTeam.add.usernameHint')}
          error={list('username')}
        />
        <TextField
          label={t('careTeam.add.realname')}
          value={form.realname}
          onValue={(v) => set('realname', v)}
          autoComplete="off"
          required
          hint={t('validation.realNameHint')}
          error={list('realname')}
        />
        <SelectField
          label={t('careTeam.add.profession')}
          value={form.major}
          onValue={(v) => set('major', v)}
          options={profession.options.map((p) => ({ value: p, label: t(`profile.profession.${p}`) }))}
        />
        <TextField
          label={t('careTeam.add.organisation')}
          value={form.organisation}
          onValue={(v) => set('organisation', v)}
          maxLength={200}
          hint={t('careTeam.add.organisationHint')}
        />
        <NewPasswordFields
          labels={{ password: t('careTeam.add.password'), repeat: t('careTeam.add.repeat') }}
          hint={t('careTeam.add.passwordHint')}
          password={form.password}
          repeat={form.repeat}
          onPassword={(v) => set('password', v)}
          onRepeat={(v) => set('repeat', v)}
          errors={{ password: list('password'), repeat: list('repeat') }}
        />
        {failure && <Notice kind="error">{t(failure)}</Notice>}
        <div className="form__actions">
          <Link className="btn btn--secondary" to="/HcpUserManagement">
            {t('common.cancel')}
          </Link>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('careTeam.add.submit')}
          </button>
        </div>
      </form>
    </Page>
  );
}
