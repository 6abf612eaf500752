import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrescriptionData, PrescriptionRecord } from '@cgm/contract';
import { DOSE_UNITS, type DoseUnit } from '@cgm/domain';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { formatIsoDate, formatNumber } from '../../i18n/format';
import { formatDateTime } from '../../i18n/format-time';
import { isIsoDate, localTodayIso } from '../../lib/dates';
import { ConfirmDelete } from './confirm-dialog';
import { addRecords, deleteRecords, editRecord } from './patient-view-api';
import { useAction } from './use-action';

interface Form {
  medicine: string;
  dose: string;
  unit: DoseUnit;
  frequency: string;
  start: string;
  end: string;
}
type Errors = Partial<Record<keyof Form, string>>;

const toForm = (d?: PrescriptionData): Form => ({
  medicine: d?.medicine ?? '',
  dose: d ? String(d.dose) : '',
  unit: (d?.unit as DoseUnit) ?? 'U',
  frequency: d?.frequency ?? '',
  start: d?.start ?? localTodayIso(),
  end: d?.end ?? '',
});

/** The form's problems (i18n keys), or the prescription to send. */
function parse(f: Form): { errors: Errors } | { data: PrescriptionData } {
  const errors: Errors = {};
  const dose = Number(f.dose.trim().replace(',', '.'));
  if (!f.medicine.trim()) errors.medicine = 'messages.fillRequired';
  if (!f.dose.trim() || !Number.isFinite(dose) || dose <= 0) errors.dose = 'records.problem.dose';
  if (!isIsoDate(f.start)) errors.start = 'validation.date';
  if (f.end && (!isIsoDate(f.end) || f.end < f.start)) errors.end = 'messages.endBeforeStart';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    data: {
      medicine: f.medicine.trim(),
      dose,
      unit: f.unit,
      frequency: f.frequency.trim(),
      start: f.start,
      end: f.end || null,
    },
  };
}

/** Prescriptions (spec §3 "prescription (medicine, dose)"): a table with add, edit and delete. */
export function PrescriptionsPanel({
  uid,
  items,
  mayEdit,
}: {
  uid: string;
  items: PrescriptionRecord[];
  mayEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const action = useAction(uid);
  const [editing, setEditing] = useState<PrescriptionRecord | 'new' | null>(null);
  const [removing, setRemoving] = useState<PrescriptionRecord | null>(null);
  const sorted = [...items].sort((a, b) => b.data.start.localeCompare(a.data.start));

  return (
    <section className="pv-section" aria-labelledby="rx-title">
      <h3 id="rx-title" className="section__title">
        {t('records.prescriptions')}
      </h3>
      {sorted.length === 0 ? (
        <p className="muted">{t('records.none')}</p>
      ) : (
        <div className="pv-scroll">
          <table className="table pv-table">
            <thead>
              <tr>
                <th scope="col">{t('records.field.medicine')}</th>
                <th scope="col">{t('records.field.dose')}</th>
                <th scope="col">{t('records.field.frequency')}</th>
                <th scope="col">{t('records.field.start')}</th>
                <th scope="col">{t('records.field.end')}</th>
                <th scope="col">{t('records.author')}</th>
                {mayEdit && <th scope="col">{t('records.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {sorted.map((p) => (
                <tr key={p.rid}>
                  <td>{p.data.medicine}</td>
                  <td>{`${formatNumber(p.data.dose, lang)} ${t(`records.doseUnit.${p.data.unit}`)}`}</td>
                  <td>{p.data.frequency || '--'}</td>
                  <td>{formatIsoDate(p.data.start, lang, 'medium')}</td>
                  <td>{p.data.end ? formatIsoDate(p.data.end, lang, 'medium') : '--'}</td>
                  <td>
                    {p.author_name ?? '--'}
                    <div className="muted small">{formatDateTime(p.recorded_at, lang)}</div>
                  </td>
                  {mayEdit && (
                    <td className="pv-table__actions">
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        onClick={() => setEditing(p)}
                      >
                        {t('records.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--small"
                        onClick={() => setRemoving(p)}
                      >
                        {t('records.delete')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayEdit && (
        <div>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing('new')}>
            {t('records.addPrescription')}
          </button>
        </div>
      )}
      {action.notice && <Notice kind={action.notice.kind}>{t(action.notice.key)}</Notice>}
      {editing && (
        <PrescriptionDialog
          initial={editing === 'new' ? undefined : editing.data}
          busy={action.busy}
          onClose={() => setEditing(null)}
          onSave={async (data) => {
            const res =
              editing === 'new'
                ? await action.run(
                    () => addRecords(uid, [{ kind: 'prescription', data }]),
                    'success.created',
                    'messages.createFailed',
                  )
                : await action.run(
                    () => editRecord(uid, { rid: editing.rid, kind: 'prescription', data }),
                    'success.modified',
                    'messages.editFailed',
                  );
            if (res.ok) setEditing(null);
          }}
        />
      )}
      <ConfirmDelete
        open={removing !== null}
        title={t('records.prescriptions')}
        text={t('records.confirmDelete')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing!;
          setRemoving(null);
          void action.run(() => deleteRecords(uid, [target.rid]), 'success.deleted', 'messages.deleteFailed');
        }}
      />
    </section>
  );
}

function PrescriptionDialog({
  initial,
  busy,
  onClose,
  onSave,
}: {
  initial?: PrescriptionData;
  busy: boolean;
  onClose: () => void;
  onSave: (data: PrescriptionData) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const err = (key: keyof Form) => (errors[key] ? t(errors[key]) : null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const res = parse(form);
    if ('errors' in res) return setErrors(res.errors);
    setErrors({});
    void onSave(res.data);
  };
  return (
    <Dialog
      open
      title={initial ? t('records.editPrescription') : t('records.addPrescription')}
      onClose={onClose}
    >
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('records.field.medicine')}
          value={form.medicine}
          onValue={set('medicine')}
          maxLength={100}
          required
          error={err('medicine')}
        />
        <TextField
          label={t('records.field.dose')}
          value={form.dose}
          onValue={set('dose')}
          inputMode="decimal"
          required
          error={err('dose')}
        />
        <SelectField
          label={t('records.field.unit')}
          value={form.unit}
          onValue={set('unit')}
          options={DOSE_UNITS.map((u) => ({ value: u, label: t(`records.doseUnit.${u}`) }))}
        />
        <TextField
          label={t('records.field.frequency')}
          value={form.frequency}
          onValue={set('frequency')}
          maxLength={100}
        />
        <TextField
          label={t('records.field.start')}
          type="date"
          value={form.start}
          onValue={set('start')}
          required
          error={err('start')}
        />
        <TextField
          label={t('records.field.end')}
          type="date"
          value={form.end}
          min={form.start}
          onValue={set('end')}
          error={err('end')}
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
