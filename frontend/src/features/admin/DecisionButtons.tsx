export interface Decision<D> {
  value: D;
  label: string;
  tone?: 'primary' | 'secondary' | 'danger';
}

const TONE_CLASS = { primary: '', secondary: ' button--secondary', danger: ' button--danger' } as const;

/**
 * The buttons of one decision taken by one mutation (publish or discard, hide or restore…): all
 * disabled while it is on its way, so a second tap cannot send another.
 */
export function DecisionButtons<D>({
  decide,
  decisions,
  small = false,
}: {
  /** The mutation taking the decision (its value is what `mutate` receives). */
  decide: { isPending: boolean; mutate: (value: D) => void };
  decisions: Decision<NoInfer<D>>[];
  small?: boolean;
}) {
  return decisions.map(({ value, label, tone = 'primary' }) => (
    <button
      key={label}
      type="button"
      className={`button${small ? ' button--small' : ''}${TONE_CLASS[tone]}`}
      disabled={decide.isPending}
      onClick={() => decide.mutate(value)}
    >
      {label}
    </button>
  ));
}
