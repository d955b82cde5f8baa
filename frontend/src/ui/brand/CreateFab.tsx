import { PlusIcon } from '../icons';
import './brand.css';

/**
 * /main's Create action, always in reach: it floats above the bottom nav at the right (never behind
 * it, never below the fold), `--fab-width` wide (what /main keeps clear under it). `label` names it,
 * `text` is what it shows; the app shell draws it without either.
 */
export function CreateFab({ label, text, onClick }: { label?: string; text?: string; onClick?: () => void }) {
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
      <span className="create-fab__label">{text}</span>
    </button>
  );
}
