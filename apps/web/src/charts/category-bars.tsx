import './category-bars.css';

// Counts per category (alarm kinds, event types) as horizontal bars with the name beside each bar.
// Names such as "Low glucose predicted" or "Auto mode: breakfast" ran into each other under the
// columns of a vertical bar chart; here a long name wraps on its own line and the count is text.
// Plain HTML, so it scales with the text and prints as it shows (the bar colours are kept in print).

export interface CategoryDatum {
  label: string;
  value: number;
}

/** Width of a bar in percent of the longest (0 when nothing was counted). */
export function barPercent(value: number, max: number): number {
  return max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
}

export function CategoryBars(props: {
  title: string;
  data: readonly CategoryDatum[];
  format?: (v: number) => string;
  tone?: 'primary' | 'success' | 'accent';
}) {
  const { data, format = String, tone = 'primary' } = props;
  const max = Math.max(0, ...data.map((d) => d.value));
  return (
    <ul className="cat-bars" aria-label={props.title}>
      {data.map((d, i) => (
        <li key={`${d.label}-${i}`} className="cat-bars__row">
          <span className="cat-bars__label">{d.label}</span>
          <span className="cat-bars__track" aria-hidden="true">
            <span
              className={`cat-bars__bar cat-bars__bar--${tone}`}
              style={{ inlineSize: `${barPercent(d.value, max)}%` }}
            />
          </span>
          <span className="cat-bars__value">{format(d.value)}</span>
        </li>
      ))}
    </ul>
  );
}
