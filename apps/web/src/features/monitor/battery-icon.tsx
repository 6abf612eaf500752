/** A battery with 0–4 bars (spec §9 battery icon thresholds); level 0 is the empty, warning icon. */
export function BatteryIcon({ level }: { level: 0 | 1 | 2 | 3 | 4 }) {
  return (
    <span className={`battery battery--${level}`} aria-hidden="true">
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={bar <= level ? 'battery__bar battery__bar--on' : 'battery__bar'} />
      ))}
    </span>
  );
}
