import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { formatAge } from '../../i18n/format-time';
import type { GlucoseView } from './status-view';

const TONE_KEYS = {
  low: 'monitor.range.low',
  inTarget: 'monitor.range.inTarget',
  high: 'monitor.range.high',
  neutral: null,
} as const;

/**
 * The current sensor glucose, big, with its age (prominent: old data must never pass for current),
 * trend and range (spec §3, §4 staleness, §5; issue 16). After 10 minutes without a reading the
 * value greys, the arrow goes and "no reading for N min" replaces the range. `hiddenKey` names why
 * the value is not shown: the monitor settings' glucose display is off, or (for a follower) the
 * patient does not show the value on shared screens. `time` formats on the patient's clock.
 */
export function GlucosePanel({
  view,
  hiddenKey,
  time,
}: {
  view: GlucoseView;
  hiddenKey: string | null;
  time: (ms: number) => string;
}) {
  const hidden = hiddenKey !== null;
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const text = glucoseText(view, lang, t);
  const showsValue = view.kind === 'value' || view.kind === 'high' || view.kind === 'low';
  const toneKey = showsValue && !view.old ? TONE_KEYS[view.tone] : null;
  const tone = view.old ? 'old' : showsValue && !hidden ? view.tone : 'neutral';
  const minutes = view.ageMs === null ? 0 : Math.floor(view.ageMs / 60_000);
  return (
    <section className={`monitor-card glucose glucose--${tone}`} aria-labelledby="glucose-title">
      <h2 id="glucose-title" className="monitor-card__title">
        {t('monitor.glucose.title')}
      </h2>
      {hidden ? (
        <p className="glucose__hidden">{t(hiddenKey)}</p>
      ) : (
        <div className="glucose__reading" aria-live="polite" aria-atomic="true">
          <span className={`glucose__value${view.kind === 'code' ? ' glucose__value--word' : ''}`}>
            {text}
          </span>
          {showsValue && <span className="glucose__unit">{view.unit}</span>}
          {showsValue && view.trend && view.trend.arrow && (
            <span className="glucose__trend" role="img" aria-label={t(view.trend.labelKey)}>
              {view.trend.arrow}
            </span>
          )}
          {showsValue && view.trend && !view.trend.arrow && (
            <span className="glucose__trend-text small">{t(view.trend.labelKey)}</span>
          )}
        </div>
      )}
      {!hidden && toneKey && <p className="glucose__range">{t(toneKey)}</p>}
      {view.old && (
        <p className="glucose__no-reading" role="status">
          {t('monitorSafety.noReadingFor', { minutes })}
        </p>
      )}
      {!hidden && view.flagKey && <p className="glucose__flag small">{t(view.flagKey)}</p>}
      <p className={`glucose__age${view.old || view.kind === 'stale' ? ' glucose__age--old' : ''}`}>
        {view.time === null || view.ageMs === null
          ? t('monitor.glucose.noReading')
          : view.kind === 'stale'
            ? t('monitor.glucose.stale', { age: formatAge(view.ageMs, lang) })
            : t('monitor.glucose.age', { age: formatAge(view.ageMs, lang), time: time(view.time) })}
      </p>
    </section>
  );
}

function glucoseText(view: GlucoseView, lang: string, t: (k: string) => string): string {
  switch (view.kind) {
    case 'value':
      return formatNumber(view.value!, lang, {
        minimumFractionDigits: view.decimals,
        maximumFractionDigits: view.decimals,
      });
    case 'high':
      return t('monitor.glucose.high');
    case 'low':
      return t('monitor.glucose.low');
    case 'code':
      return t(view.codeKey!);
    default:
      return '--';
  }
}
