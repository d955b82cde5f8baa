/**
 * A row of options of which one is chosen: tabs when the choice filters what the screen shows,
 * radios when it is a setting the player keeps.
 */
export function ChoiceGroup<T extends string>({
  kind,
  options,
  value,
  onChange,
  label,
  className,
  itemClassName,
}: {
  kind: 'tab' | 'radio';
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  label: (option: T) => string;
  className: string;
  itemClassName: string;
}) {
  return (
    <div className={className} role={kind === 'tab' ? 'tablist' : 'radiogroup'}>
      {options.map((option) => {
        const chosen = option === value;
        return (
          <button
            key={option}
            type="button"
            role={kind}
            aria-selected={kind === 'tab' ? chosen : undefined}
            aria-checked={kind === 'radio' ? chosen : undefined}
            className={`${itemClassName}${chosen ? ' is-active' : ''}`}
            onClick={() => onChange(option)}
          >
            {label(option)}
          </button>
        );
      })}
    </div>
  );
}
