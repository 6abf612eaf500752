import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextRecord } from '@cgm/contract';
import { NOTES_MAX_LENGTH } from '@cgm/domain';
import { Notice } from '../../components/notice';
import { formatDateTime } from '../../i18n/format-time';
import { ConfirmDelete } from './confirm-dialog';
import { notesLength } from './event-form';
import { addRecords, deleteRecords, editRecord } from './patient-view-api';
import { useAction } from './use-action';

/** Suggestions or notes (spec §3 "Records"): newest first, with date and author; add, edit, delete. */
export function TextRecordsPanel({
  uid,
  kind,
  items,
  mayEdit,
}: {
  uid: string;
  kind: 'suggestion' | 'note';
  items: TextRecord[];
  mayEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const action = useAction(uid);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TextRecord | null>(null);
  const heading = t(kind === 'suggestion' ? 'records.suggestions' : 'records.notes');
  const sorted = [...items].sort((a, b) => b.recorded_at - a.recorded_at);

  return (
    <section className="pv-section" aria-labelledby={`${kind}-title`}>
      <h3 id={`${kind}-title`} className="section__title">
        {heading}
      </h3>
      {mayEdit && (
        <TextEditor
          key={`new-${items.length}`}
          label={t(kind === 'suggestion' ? 'records.newSuggestion' : 'records.newNote')}
          initial=""
          busy={action.busy}
          onSave={(text) =>
            action.run(
              () => addRecords(uid, [{ kind, data: { text } }]),
              'success.created',
              'messages.createFailed',
            )
          }
        />
      )}
      {action.notice && <Notice kind={action.notice.kind}>{t(action.notice.key)}</Notice>}
      {sorted.length === 0 ? (
        <p className="muted">{t('records.none')}</p>
      ) : (
        <ul className="pv-list">
          {sorted.map((r) => (
            <li key={r.rid} className="pv-list__item">
              {editing === r.rid ? (
                <TextEditor
                  label={heading}
                  initial={r.data.text}
                  busy={action.busy}
                  onCancel={() => setEditing(null)}
                  onSave={async (text) => {
                    const res = await action.run(
                      () => editRecord(uid, { rid: r.rid, kind, data: { text } }),
                      'success.modified',
                      'messages.editFailed',
                    );
                    if (res.ok) setEditing(null);
                    return res;
                  }}
                />
              ) : (
                <p className="pv-list__text">{r.data.text}</p>
              )}
              <div className="pv-list__meta">
                <span>{formatDateTime(r.recorded_at, i18n.language)}</span>
                <span>{r.author_name ?? '--'}</span>
                {mayEdit && editing !== r.rid && (
                  <>
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      onClick={() => setEditing(r.rid)}
                    >
                      {t('records.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      onClick={() => setRemoving(r)}
                    >
                      {t('records.delete')}
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDelete
        open={removing !== null}
        title={heading}
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

function TextEditor({
  label,
  initial,
  busy,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  busy: boolean;
  onSave: (text: string) => Promise<{ ok: boolean }>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const count = notesLength(text);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('messages.fillRequired');
    if (count > NOTES_MAX_LENGTH) return setError('validation.notesTooLong');
    setError(null);
    const res = await onSave(text);
    if (res.ok && !onCancel) setText('');
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field field--full">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={Boolean(error) || undefined}
        />
        <div
          className={count > NOTES_MAX_LENGTH ? 'pv-counter pv-counter--over' : 'pv-counter'}
          aria-live="polite"
        >
          {t('events.notesCount', { count, max: NOTES_MAX_LENGTH })}
        </div>
        {error && <div className="field__errors">{t(error)}</div>}
      </div>
      <div className="form__actions">
        {onCancel && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
