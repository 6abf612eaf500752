import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@cgm/domain';
import { ApiFailureError, failureKey } from '../../../api/errors';
import type { ApiFailure } from '../../../api/client';
import { Notice } from '../../../components/notice';
import { Spinner } from '../../../components/page';
import { SelectField } from '../../../components/form-field';
import { countryName, formatNumber } from '../../../i18n/format';

// Pieces every operations screen uses: failure texts, the pager, date-range and country filters.

type T = (key: string, options?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

/**
 * What a failed call says to the admin: the server's own message key when this app knows it
 * (clinics.usernameTaken, firmware.badMove…), else the catalogue's text of the code.
 */
export function failureText(error: unknown, t: T, exists: Exists): string {
  const failure: ApiFailure | null =
    error instanceof ApiFailureError ? error.failure : isFailure(error) ? error : null;
  if (!failure) return t('errors.network');
  const message = failure.body?.message;
  if (typeof message === 'string' && exists(message)) return t(message);
  return t(failureKey(failure));
}

function isFailure(v: unknown): v is ApiFailure {
  return typeof v === 'object' && v !== null && (v as { ok?: unknown }).ok === false;
}

/** Field problems of a 400 answer, by path, translated when the key is known. */
export function fieldErrors(failure: ApiFailure, t: T, exists: Exists): Record<string, string> {
  const out: Record<string, string> = {};
  const details = failure.body?.details;
  if (!Array.isArray(details)) return out;
  for (const d of details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') continue;
    out[d.path] ??= exists(d.message) ? t(d.message) : t('errors.invalidInput');
  }
  return out;
}

/** The spinner while loading, or the failure. */
export function QueryState({ pending, error }: { pending: boolean; error: unknown }) {
  const { t, i18n } = useTranslation();
  if (pending) return <Spinner />;
  if (!error) return null;
  return <Notice kind="error">{failureText(error, t, (k) => i18n.exists(k))}</Notice>;
}

export function Pager(props: {
  page: number;
  pages: number;
  total: number;
  busy: boolean;
  onPage: (p: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const pages = Math.max(1, props.pages);
  return (
    <nav className="ops-pager" aria-label={t('usage.pages')}>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={props.page <= 1 || props.busy}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('usage.previous')}
      </button>
      <span aria-live="polite">
        {t('usage.pageOf', { page: n(props.page), pages: n(pages), total: n(props.total) })}
      </span>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={props.page >= pages || props.busy}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('usage.next')}
      </button>
    </nav>
  );
}

/** A UTC calendar day `offset` days from today, YYYY-MM-DD (statistics are per UTC day). */
export function utcDay(offset = 0, now = Date.now()): string {
  return new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, both included; 0 when either is not a day or the order is wrong. */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return 0;
  return Math.round((b - a) / 86_400_000) + 1;
}

/** Every day from `from` to `to` (at most `max`), for charts that show days without data too. */
export function dayList(from: string, to: string, max = 366): string[] {
  const n = Math.min(daysBetween(from, to), max);
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

export function DateInput(props: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  max?: string;
  min?: string;
}) {
  return (
    <label className="ops-filter">
      <span className="field__label">{props.label}</span>
      <input
        type="date"
        className="input"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(e) => props.onValue(e.target.value)}
      />
    </label>
  );
}

/** A country filter with "all countries in my scope" first; the server refuses countries outside it. */
export function CountryFilter(props: { value: string; onValue: (v: string) => void; label?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    const list = COUNTRIES.map((c) => ({
      value: c.code,
      label: countryName(c.code, language, c.englishName),
    })).sort((a, b) => collator.compare(a.label, b.label));
    return [{ value: '', label: t('usage.allCountries') }, ...list];
  }, [language, t]);
  return (
    <SelectField
      label={props.label ?? t('usage.country')}
      value={props.value}
      onValue={props.onValue}
      options={options}
    />
  );
}

/** A country's name in the current language. */
export function useCountryName(): (code: string | null) => string {
  const { i18n } = useTranslation();
  return (code) => {
    if (!code) return '--';
    const c = COUNTRIES.find((x) => x.code === code);
    return countryName(code, i18n.language, c?.englishName ?? code);
  };
}
