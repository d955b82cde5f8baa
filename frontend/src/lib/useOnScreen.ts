import { useEffect, useState } from 'react';

export interface OnScreenOptions {
  /** How much of `element` must show (IntersectionObserver's threshold). */
  threshold?: number;
  /** Margins of the screen taken off (a fixed bar over it), as IntersectionObserver's rootMargin. */
  rootMargin?: string;
  /** What to answer where there is no IntersectionObserver. */
  fallback: boolean;
}

/** Whether `element` is on screen while `watch` (false until it is known to be). */
export function useOnScreen(
  element: Element | null,
  { threshold = 0, rootMargin, fallback }: OnScreenOptions,
  watch = true,
): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!watch || !element) {
      setOnScreen(false);
      return;
    }
    if (typeof IntersectionObserver === 'undefined') {
      setOnScreen(fallback);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)),
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, watch, threshold, rootMargin, fallback]);
  return onScreen;
}
