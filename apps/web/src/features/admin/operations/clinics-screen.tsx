import { Fragment, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Clinic } from '@cgm/contract';
import { Notice } from '../../../components/notice';
import { stackCell } from '../../../components/stack-cell';
import { SelectField, TextField } from '../../../components/form-field';
import { formatNumber } from '../../../i18n/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AdminPage } from '../admin-ui';
import { assignHcp, opsKeys, useClinicPatients, useClinics } from './ops-api';
import { failureText, QueryState, useCountryName } from './ops-common';
import './operations.css';

/**
 * /ClinicalData: the clinics of the admin's scope with their clinic login, their HCPs and their
 * patients (those who accepted one of the clinic's HCPs); HCPs are put into a clinic (or taken out,
 * after a confirmation) here.
 */
export function ClinicalDataScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const saved = (location.state as { saved?: string } | null)?.saved;
  const [q, setQ] = useState('');
  const clinics = useClinics(q.trim());
  return (
    <AdminPage title={t('clinics.listTitle')} lead={t('clinics.listLead')}>
      <div className="ops">
        {saved && <Notice kind="success">{t('clinics.saved', { name: saved })}</Notice>}
        <div className="ops-toolbar">
          <TextField label={t('clinics.search')} type="search" value={q} onValue={setQ} />
          <Link className="btn btn--primary" to="/ClinicDataAdd">
            {t('clinics.add')}
          </Link>
        </div>
        {clinics.data ? (
          <>
            <ClinicTable clinics={clinics.data} />
            <AssignForm clinics={clinics.data} />
          </>
        ) : (
          <QueryState pending={clinics.isPending} error={clinics.error} />
        )}
      </div>
    </AdminPage>
  );
}

function ClinicTable({ clinics }: { clinics: Clinic[] }) {
  const { t, i18n } = useTranslation();
  const country = useCountryName();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ username: string; clinic: string } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const remove = useMutation({
    // Taking an HCP out ends the clinic login's access to their patients: asked first, confirmed.
    mutationFn: (username: string) => assignHcp({ username, clinic_id: null, confirm: true }),
    onSuccess: async (r) => {
      setRemoving(null);
      setFailure(r.ok ? null : failureText(r, t, (k) => i18n.exists(k)));
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
  if (clinics.length === 0) return <p className="muted">{t('clinics.none')}</p>;
  return (
    <>
      {failure && <Notice kind="error">{failure}</Notice>}
      <div className="ops-scroll">
        <table className="table table--stack ops-table">
          <thead>
            <tr>
              <th scope="col">{t('clinics.name')}</th>
              <th scope="col">{t('clinics.country')}</th>
              <th scope="col">{t('clinics.login')}</th>
              <th scope="col">{t('clinics.hcps')}</th>
              <th scope="col" className="num">
                {t('clinics.patients')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('clinics.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {clinics.map((c) => (
              <Fragment key={c.id}>
                <tr>
                  <td>
                    <strong>{c.name}</strong>
                    {c.address && <div className="muted small">{c.address}</div>}
                    {c.contact && <div className="muted small">{c.contact}</div>}
                  </td>
                  <td data-label={t('clinics.country')}>{country(c.country)}</td>
                  <td data-label={t('clinics.login')}>{c.login?.username ?? '--'}</td>
                  <td data-label={t('clinics.hcps')}>
                    {c.hcps.length === 0 ? (
                      <span className="muted">{t('clinics.noHcps')}</span>
                    ) : (
                      <ul className="ops-list">
                        {c.hcps.map((h) => (
                          <li key={h.uid}>
                            {h.realname || h.username}
                            <span className="muted small">{` ${h.username}`}</span>
                            <button
                              type="button"
                              className="link-btn small"
                              disabled={remove.isPending}
                              onClick={() => setRemoving({ username: h.username, clinic: c.name })}
                              aria-label={t('clinics.removeHcpOf', { name: h.username, clinic: c.name })}
                            >
                              {t('clinics.removeHcp')}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="num" data-label={t('clinics.patients')}>
                    {c.patient_count === 0 ? (
                      formatNumber(0, i18n.language)
                    ) : (
                      <button
                        type="button"
                        className="link-btn"
                        aria-expanded={shown === c.id}
                        aria-label={t('clinics.showPatientsOf', { clinic: c.name })}
                        title={t('clinics.showPatientsOf', { clinic: c.name })}
                        onClick={() => setShown(shown === c.id ? null : c.id)}
                      >
                        {formatNumber(c.patient_count, i18n.language)}
                      </button>
                    )}
                  </td>
                  <td>
                    <Link
                      className="btn btn--secondary btn--small"
                      to={`/ClinicDataAdd?id=${encodeURIComponent(c.id)}`}
                    >
                      {t('clinics.edit')}
                    </Link>
                  </td>
                </tr>
                {shown === c.id && (
                  <tr>
                    <td colSpan={6}>
                      <ClinicPatients clinic={c} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t('clinics.removeConfirmTitle')}
        confirmLabel={t('clinics.removeHcp')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.username)}
        onClose={() => setRemoving(null)}
      >
        {removing && (
          <p>{t('clinics.removeConfirmBody', { name: removing.username, clinic: removing.clinic })}</p>
        )}
      </ConfirmDialog>
    </>
  );
}

/**
 * The patients of one clinic: those who accepted one of its HCPs (what its clinic login reads),
 * with the HCPs they accepted. Patients outside the admin's scope are counted, not named.
 */
function ClinicPatients({ clinic }: { clinic: Clinic }) {
  const { t, i18n } = useTranslation();
  const country = useCountryName();
  const patients = useClinicPatients(clinic.id);
  if (!patients.data) return <QueryState pending={patients.isPending} error={patients.error} />;
  const { patients: list, total } = patients.data;
  const hidden = total - list.length;
  return (
    <div className="ops-panel">
      <h3 className="section__title">{t('clinics.patientsOf', { clinic: clinic.name })}</h3>
      <p className="muted small">{t('clinics.patientsRule')}</p>
      {list.length > 0 && (
        <table className="table table--stack ops-table">
          <thead>
            <tr>
              <th scope="col">{t('clinics.patientName')}</th>
              <th scope="col">{t('clinics.country')}</th>
              <th scope="col">{t('clinics.patientHcps')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.uid}>
                <td>
                  {p.realname || p.username}
                  <span className="muted small">{` ${p.username}`}</span>
                </td>
                <td data-label={t('clinics.country')}>{country(p.country)}</td>
                <td {...stackCell(t('clinics.patientHcps'), p.hcps.join(', '))}>{p.hcps.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hidden > 0 && (
        <p className="muted small">
          {t('clinics.patientsHidden', { count: hidden, n: formatNumber(hidden, i18n.language) })}
        </p>
      )}
    </div>
  );
}

function AssignForm({ clinics }: { clinics: Clinic[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [clinicId, setClinicId] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const assign = useMutation({
    mutationFn: () => assignHcp({ username: username.trim(), clinic_id: clinicId }),
    onSuccess: async (r) => {
      if (!r.ok) return setResult({ ok: false, text: failureText(r, t, (k) => i18n.exists(k)) });
      setResult({ ok: true, text: t('clinics.assigned', { username: username.trim() }) });
      setUsername('');
      await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    },
  });
  if (clinics.length === 0) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !clinicId) return;
    assign.mutate();
  };
  return (
    <form className="ops-panel" onSubmit={submit}>
      <h2 className="section__title">{t('clinics.assignTitle')}</h2>
      <div className="ops-toolbar">
        <TextField label={t('clinics.hcpUsername')} value={username} onValue={setUsername} required />
        <SelectField
          label={t('clinics.clinic')}
          value={clinicId}
          onValue={setClinicId}
          required
          options={[
            { value: '', label: t('clinics.chooseClinic') },
            ...clinics.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={assign.isPending || !username.trim() || !clinicId}
        >
          {t('clinics.assign')}
        </button>
      </div>
      {result && <Notice kind={result.ok ? 'success' : 'error'}>{result.text}</Notice>}
    </form>
  );
}
