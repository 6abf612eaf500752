import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/locales/de.json';
import en from '../../i18n/locales/en.json';
import { detailParts, detailText } from './history-detail';

// The details column with the real texts: what the server records for each kind of operation,
// read back without ids, raw JSON or English keys.

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: 'en',
  interpolation: { escapeValue: false },
});
const t = i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
const tDe = i18n.getFixedT('de') as unknown as typeof t;

const UIDS = ['32fc6379-cadc-4c94-8722-3ae5dc6f225c', '2e8ee4ef-6c1e-4872-aff3-1241a7a05db4'];

describe('operation history details', () => {
  it('sums up a patient-list page: how many patients, which page and search, no ids', () => {
    const detail = {
      query: { page: 2, size: 20, sort: 'name', order: 'asc', q: 'Weber', diabetes_type: 'type2' },
      shown: UIDS,
      route: '/api/v2.0/patients',
      method: 'GET',
    };
    expect(detailText(detail, t)).toBe('Page 2 · Search: Weber · Type 2 · Patients on the page: 2');
    expect(detailText(detail, tDe)).toBe('Seite 2 · Suche: Weber · Typ 2 · Patienten auf der Seite: 2');
    expect(detailText(detail, t)).not.toMatch(/[0-9a-f]{8}-/);
  });

  it('says nothing for a view, whose route the operation already names', () => {
    expect(detailText({ method: 'GET', route: '/api/v2.0/events/:id' }, t)).toBe('');
    expect(detailText(null, t)).toBe('');
  });

  it('names an added event by its type, value and notes, and an edit by the fields it changed', () => {
    const added = {
      eids: [UIDS[0]],
      values: [
        { eid: UIDS[0], type: 'CARB', time: '2026-11-25T04:49:00.000Z', value: 45, notes: 'Pasta lunch' },
      ],
    };
    expect(detailParts(added, t)).toEqual(['Carbohydrates 45 — Pasta lunch']);
    const edited = {
      eid: UIDS[0],
      changes: {
        value: { from: 45, to: 50 },
        time: { from: 'a', to: 'b' },
        utc_offset_min: { from: 0, to: 60 },
      },
    };
    expect(detailText(edited, t)).toBe('Changed: Value, Date and time');
    expect(detailText({ eids: UIDS }, t)).toBe('');
  });

  it('names records by their kind and content', () => {
    const added = {
      rids: [UIDS[0], UIDS[1]],
      values: [
        { rid: UIDS[0], kind: 'complication', data: { disease: 'retinopathy' } },
        { rid: UIDS[1], kind: 'note', data: { text: 'Discussed pre-bolus timing.' } },
      ],
    };
    expect(detailParts(added, t)).toEqual([
      'Complications: Retinopathy',
      'Notes: Discussed pre-bolus timing.',
    ]);
    expect(detailText({ rids: UIDS, kinds: ['note', 'note'] }, t)).toBe('Notes');
    expect(detailText({ rid: UIDS[0], kind: 'prescription', changes: { data: {} } }, t)).toBe(
      'Prescriptions · Changed: Content',
    );
  });

  it('reads care-team changes in words: profession, status, the patients a deleted member had', () => {
    expect(detailText({ username: 'a@b.example', major: 'nurse' }, t)).toBe(
      'User name: a@b.example · Profession: Nurse',
    );
    expect(detailText({ from: 'active', to: 'disabled' }, t)).toBe('Active → Disabled');
    expect(detailText({ from: 'active', to: 'disabled' }, tDe)).toBe('Aktiv → Deaktiviert');
    expect(detailText({ username: 'x@y.example', patients: UIDS, purged: false }, t)).toBe(
      'User name: x@y.example · Patients concerned: 2',
    );
    expect(detailParts({ purged: true }, t)).toEqual(['Data deleted at once']);
  });

  it('shows a key it does not know as recorded, rather than hiding it', () => {
    expect(detailText({ reason: 'moved away' }, t)).toBe('reason: moved away');
  });
});
