import { PlusIcon } from '../icons';
import './brand.css';

/**
 * /main's Create action, always in reach: it floats above the bottom nav at the right (never behind
 * it, never below the fold). The app shell draws it without its label (`label` absent).
 */
export function CreateFab({ label, onClick }: { label?: string; onClick?: () => void }) {
  if (label === undefined)
    return (
      <span className="create-fab create-fab--shell" aria-hidden>
        <PlusIcon size={26} />
      </span>
    );
  return (
    <button
      type="button"
      className="create-fab"
      aria-label={label}
      data-testid="create-fab"
      onClick={onClick}
    >
      <PlusIcon size={24} />
      <span className="create-fab__label">{label}</span>
    </button>
  );
}
