import { useEffect, useRef, useState } from 'react';

import { dismissToast, subscribeToasts, TOAST_SWIPE_DISTANCE, type Toast } from './toast';

/** Toasts at the top centre, no icon; red for errors. Swipe up or sideways to dismiss. */
export function ToastHost() {
  const [items, setItems] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setItems), []);
  return (
    <div className="toasts" aria-live="assertive">
      {items.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={`toast toast--${toast.kind}`}
      onClick={() => dismissToast(toast.id)}
      onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={(e) => {
        if (!start.current) return;
        const dx = Math.abs(e.clientX - start.current.x);
        const dy = start.current.y - e.clientY;
        if (dx >= TOAST_SWIPE_DISTANCE || dy >= TOAST_SWIPE_DISTANCE) dismissToast(toast.id);
        start.current = null;
      }}
    >
      <div className="toast__message">{toast.message}</div>
      {toast.hint && <div className="toast__hint">{toast.hint}</div>}
    </div>
  );
}
