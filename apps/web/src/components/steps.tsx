import { useTranslation } from 'react-i18next';

/** A step indicator: the steps in order, the current one marked for screen readers too. */
export function Steps({ labels, current }: { labels: readonly string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="steps" aria-label={t('common.progress')}>
      {labels.map((label, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
        return (
          <li
            key={label}
            className={`steps__item steps__item--${state}`}
            aria-current={i === current ? 'step' : undefined}
          >
            <span className="steps__number" aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className="steps__label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
