import { CloseButton, type OverlayProps } from './Dialog';

/** A full-screen sheet over the layout (the create flow, one meme): its title, ×, and its content. */
export function Sheet({ title, onClose, children }: OverlayProps) {
  return (
    <div className="sheet" role="dialog" aria-label={title}>
      <div className="sheet__header">
        <h1>{title}</h1>
        <CloseButton onClose={onClose} />
      </div>
      {children}
    </div>
  );
}
