import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClinicalEvent, EventInput } from '@cgm/contract';
import { EVENT_TYPE_CODES, type GlucoseUnit } from '@cgm/domain';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { Spinner } from '../../components/page';
import { stackCell } from '../../components/stack-cell';
import { formatRecordedDateTime } from '../../i18n/format-time';
import { localTodayIso } from '../../lib/dates';
import { EventDialog } from './event-dialog';
import { formatEventValue, valueUnitKey, type EventFormErrors } from './event-form';
import { PatientShell } from './patient-shell';
import { addEvents, deleteEvents, editEvent, useEvents, useGlucoseUnit } from './patient-view-api';
import { useAction } from './use-action';

const DAY_MS = 86_400_000;

/** The local days chosen, as [from, to) in epoch ms; the default is the last 14 days. */
function rangeOf(start: string, end: string): { from: number; to: number } {
  const [ys, ms, ds] = start.split('-').map(Number) as [number, number, number];
  const [ye, me, de] = end.split('-').map(Number) as [number, number, number];
  return { from: new Date(ys, ms - 1, ds).getTime(), to: new Date(ye, me - 1, de + 1).getTime() };
}

/** /Hcp/events: a patient's events by date range and type; create, edit, delete (spec §2, §3, §8). */
export function EventsScreen() {
  const { t } = useTranslation();
  return (
    <PatientShell area="hcp" tab="events" title={t('patientView.tabs.events')}>
      {(_profile, uid) => <EventsPanel key={uid} uid={uid} />}
    </PatientShell>
  );
}

function EventsPanel({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const today = localTodayIso();
  const [start, setStart] = useState(() => localTodayIso(new Date(Date.now() - 13 * DAY_MS)));
  const [end, setEnd] = useState(today);
  const [type, setType] = useState('');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end) && start <= end;
  const { from, to } = useMemo(
    () => (valid ? rangeOf(start, end) : rangeOf(today, today)),
    [valid, start, end, today],
  );
  const tooLong = to - from > 90 * DAY_MS;
  const query = useEvents(uid, from, tooLong ? from + DAY_MS : to, type);
  const unit = useGlucoseUnit(uid);
  const action = useAction(uid);
  const [dialog, setDialog] = useState<{ editing: ClinicalEvent | null } | null>(null);
  const [serverErrors, setServerErrors] = useState<EventFormErrors>({});
  const [confirm, setConfirm] = useState<ClinicalEvent | null>(null);
  const mayEdit = query.data?.may_edit ?? false;

  const save = async (input: EventInput) => {
    const editing = dialog?.editing ?? null;
    const res = editing
      ? await action.run(() => editEvent(uid, editing.eid, input), 'success.modified', 'messages.editFailed')
      : await action.run(() => addEvents(uid, [input]), 'success.created', 'messages.createFailed');
    if (res.ok) return setDialog(null);
    const details = (res.body.details as Array<{ path: string; message: string }> | undefined) ?? [];
    const field = (p: string) => p.replace(/^data\.\d+\./, '').replace('exerciseIntensity', 'intensity');
    setServerErrors(Object.fromEntries(details.map((d) => [field(d.path), d.message])));
  };

  const remove = async () => {
    const target = confirm!;
    setConfirm(null);
    await action.run(() => deleteEvents(uid, [target.eid]), 'success.deleted', 'messages.deleteFailed');
  };

  return (
    <>
      <div className="pv-toolbar">
        <TextField label={t('events.from')} type="date" value={start} max={end} onValue={setStart} />
        <TextField label={t('events.to')} type="date" value={end} min={start} max={today} onValue={setEnd} />
        <SelectField
          label={t('events.typeFilter')}
          value={type}
          onValue={setType}
          options={[
            { value: '', label: t('events.allTypes') },
            ...EVENT_TYPE_CODES.map((c) => ({ value: c, label: t(`events.type.${c}`) })),
          ]}
        />
        {mayEdit && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setServerErrors({});
              setDialog({ editing: null });
            }}
          >
            {t('events.add')}
          </button>
        )}
      </div>
      {!valid && <Notice kind="error">{t('messages.endBeforeStart')}</Notice>}
      {tooLong && <Notice kind="error">{t('messages.moreThan90Days')}</Notice>}
      {action.notice && <Notice kind={action.notice.kind}>{t(action.notice.key)}</Notice>}
      {query.isPending ? (
        <Spinner />
      ) : !query.data ? (
        <Notice kind="error">{t('events.loadFailed')}</Notice>
      ) : query.data.events.length === 0 ? (
        <p className="muted">{t('events.none')}</p>
      ) : (
        <EventsTable
          events={query.data.events}
          unit={unit}
          mayEdit={mayEdit}
          busy={query.isFetching}
          onEdit={(e) => {
            setServerErrors({});
            setDialog({ editing: e });
          }}
          onDelete={setConfirm}
        />
      )}
      {dialog && (
        <EventDialog
          editing={dialog.editing}
          unit={unit}
          busy={action.busy}
          serverErrors={serverErrors}
          onSave={(input) => void save(input)}
          onClose={() => setDialog(null)}
        />
      )}
      <Dialog
        open={confirm !== null}
        role="alertdialog"
        title={t('events.deleteTitle')}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--danger" onClick={() => void remove()}>
              {t('events.delete')}
            </button>
          </>
        }
      >
        <p>{t('confirm.deleteEvents')}</p>
      </Dialog>
    </>
  );
}

interface TableProps {
  events: ClinicalEvent[];
  unit: GlucoseUnit;
  mayEdit: boolean;
  busy: boolean;
  onEdit: (e: ClinicalEvent) => void;
  onDelete: (e: ClinicalEvent) => void;
}

function EventsTable({ events, unit, mayEdit, busy, onEdit, onDelete }: TableProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const detail = (e: ClinicalEvent) => {
    const value = formatEventValue(e, unit, lang);
    const unitKey = valueUnitKey(e.type, unit);
    const parts = [value !== null ? `${value}${unitKey ? ` ${t(unitKey)}` : ''}` : null];
    if (e.exerciseIntensity !== null)
      parts.push(t(`events.intensity.${['light', 'medium', 'heavy'][e.exerciseIntensity]}`));
    if (e.text)
      parts.push(e.text === 'Negative' || e.text === 'Macro' ? t(`events.ketone.${e.text}`) : e.text);
    return parts.filter(Boolean).join(' · ') || '--';
  };
  return (
    <div className="pv-scroll">
      <p className="muted">{t('events.localTimeNote')}</p>
      <table className="table table--stack pv-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">{t('events.field.date')}</th>
            <th scope="col">{t('events.field.type')}</th>
            <th scope="col">{t('events.field.details')}</th>
            <th scope="col">{t('events.field.notes')}</th>
            <th scope="col">{t('events.field.source')}</th>
            {mayEdit && <th scope="col">{t('events.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.eid}>
              <td data-label={t('events.field.date')}>
                {formatRecordedDateTime(e.date, e.utc_offset_min, lang)}
              </td>
              <td data-label={t('events.field.type')}>
                {t(`events.type.${e.type}`, { defaultValue: e.type })}
              </td>
              <td data-label={t('events.field.details')}>{detail(e)}</td>
              <td {...stackCell(t('events.field.notes'), e.notes ?? '', 'pv-table__notes')}>
                {e.notes ?? ''}
              </td>
              <td data-label={t('events.field.source')}>
                <span>
                  {t(`events.source.${e.source}`)}
                  {e.created_by_name && <span className="muted small pv-table__by">{e.created_by_name}</span>}
                </span>
              </td>
              {mayEdit && (
                <td className="pv-table__actions">
                  {e.editable ? (
                    <>
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => onEdit(e)}>
                        {t('events.edit')}
                      </button>
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => onDelete(e)}>
                        {t('events.delete')}
                      </button>
                    </>
                  ) : (
                    <span className="muted small">{t('events.deviceLocked')}</span>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
