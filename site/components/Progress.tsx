/**
 * Bootstrap's progress bar with the progressbar role on the outer element and a required name, so
 * screen readers announce what progresses (react-bootstrap puts the name where no role is).
 */
export function Progress({
  value,
  max = 100,
  label,
  showValue = false,
  animated = false,
  className = '',
}: {
  value: number;
  max?: number;
  /** The accessible name, e.g. "Audio upload progress". */
  label: string;
  /** Print the percentage inside the bar. */
  showValue?: boolean;
  animated?: boolean;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, Math.round((value / max) * 100))) : 0;
  return (
    <div
      className={`progress ${className}`.trim()}
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
    >
      <div
        className={`progress-bar${animated ? ' progress-bar-striped progress-bar-animated' : ''}`}
        style={{ width: `${percent}%` }}
      >
        {showValue ? `${percent}%` : null}
      </div>
    </div>
  );
}
