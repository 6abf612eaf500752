import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { utcOffsetLabel } from '../../i18n/format-time';
import type { ClinicalEvent } from '@cgm/contract';
import {
  EXERCISE_INTENSITIES,
  NOTES_MAX_LENGTH,
  URINE_KETONE_VALUES,
  USER_EVENT_TYPES,
  type GlucoseUnit,
} from '@cgm/domain';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import {
  emptyEventForm,
  eventToForm,
  fieldsOf,
  formToInput,
  notesLength,
  valueUnitKey,
  type EventForm,
  type EventFormErrors,
} from './event-form';
import type { EventInput } from '@cgm/contract';

export interface EventDialogProps {
  /** null: a new event (type picker first); an event: edit it. */
  editing: ClinicalEvent | null;
  unit: GlucoseUnit;
  busy: boolean;
  /** The server's problems of the last try (i18n keys by field). */
  serverErrors: EventFormErrors;
  onSave: (input: EventInput) => void;
  onClose: () => void;
}

/** Create or edit one event: the type, then the type's fields (spec §3 "Events"). */
export function EventDialog({ editing, unit, busy, serverErrors, onSave, onClose }: EventDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<EventForm>(() =>
    editing ? eventToForm(editing, unit) : emptyEventForm('', Date.now()),
  );
  const [errors, setErrors] = useState<EventFormErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = (key: Exclude<keyof EventForm, 'offsetMin'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const fields = fieldsOf(form.type);
  const unitKey = valueUnitKey(form.type, unit);
  const count = notesLength(form.notes);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const res = formToInput(form, unit);
    if (!res.ok) return setErrors(res.errors);
    setErrors({});
    onSave(res.input);
  };

  const title = editing ? t('events.editTitle') : t('events.newTitle');
  return (
    <Dialog open title={title} onClose={onClose}>
      {!form.type ? (
        <div className="pv-section">
          <p>{t('events.chooseType')}</p>
          <div className="pv-links">
            {USER_EVENT_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="btn btn--secondary"
                onClick={() => set('type')(type)}
              >
                {t(`events.type.${type}`)}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p>
            <strong>{t(`events.type.${form.type}`)}</strong>
          </p>
          <TextField
            label={t('events.field.date')}
            type="datetime-local"
            value={form.date}
            onValue={set('date')}
            required
            error={shown.date ? t(shown.date) : null}
          />
          {form.offsetMin !== null && (
            <p className="muted">{t('events.recordedOffset', { offset: utcOffsetLabel(form.offsetMin) })}</p>
          )}
          {fields.value && (
            <TextField
              label={t('events.field.value')}
              inputMode="decimal"
              value={form.value}
              onValue={set('value')}
              required
              error={shown.value ? t(shown.value) : null}
              addon={unitKey ? <span className="unit">{t(unitKey)}</span> : undefined}
            />
          )}
          {fields.intensity && (
            <SelectField
              label={t('events.field.intensity')}
              value={form.intensity}
              onValue={set('intensity')}
              required
              error={shown.intensity ? t(shown.intensity) : null}
              options={[
                { value: '', label: t('events.choose') },
                ...EXERCISE_INTENSITIES.map((name, i) => ({
                  value: String(i),
                  label: t(`events.intensity.${name}`),
                })),
              ]}
            />
          )}
          {fields.text === 'ketone' && (
            <SelectField
              label={t('events.field.ketones')}
              value={form.text}
              onValue={set('text')}
              required
              error={shown.text ? t(shown.text) : null}
              options={[
                { value: '', label: t('events.choose') },
                ...URINE_KETONE_VALUES.map((v) => ({
                  value: v,
                  label: v === 'Negative' || v === 'Macro' ? t(`events.ketone.${v}`) : v,
                })),
              ]}
            />
          )}
          {fields.text === 'free' && (
            <TextField
              label={t('events.field.dose')}
              value={form.text}
              onValue={set('text')}
              maxLength={200}
              required
              error={shown.text ? t(shown.text) : null}
            />
          )}
          <div className="field field--full">
            <label className="field__label" htmlFor="event-notes">
              {t('events.field.notes')}
            </label>
            <textarea
              id="event-notes"
              className="input"
              rows={4}
              value={form.notes}
              onChange={(e) => set('notes')(e.target.value)}
              aria-invalid={Boolean(shown.notes) || undefined}
              aria-describedby="event-notes-count"
            />
            <div
              id="event-notes-count"
              className={count > NOTES_MAX_LENGTH ? 'pv-counter pv-counter--over' : 'pv-counter'}
              aria-live="polite"
            >
              {t('events.notesCount', { count, max: NOTES_MAX_LENGTH })}
            </div>
            {shown.notes && <div className="field__errors">{t(shown.notes)}</div>}
          </div>
          {Object.keys(shown).length > 0 && (
            <Notice kind="error">{t('messages.informationIncomplete')}</Notice>
          )}
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t('common.save')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
