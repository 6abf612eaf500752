import { useTranslation } from 'react-i18next';
import type { ClockNote } from '../i18n/patient-clock';

/** "Times are the patient's time, UTC+08:00 (your clock: UTC+01:00)." where the clocks differ. */
export function ClockNoteText({ note }: { note: ClockNote }) {
  const { t } = useTranslation();
  if (!note) return null;
  return (
    <p className="muted small clock-note">
      {note.kind === 'patient'
        ? t('clock.patient', { offset: note.offset, viewer: note.viewer })
        : t('clock.viewer', { offset: note.offset })}
    </p>
  );
}
