/**
 * The web-analytics counter (Yandex Metrica) starts after init when VITE_METRICA_ID is set;
 * without it this does nothing.
 */
export function startAnalytics(): void {
  const id = import.meta.env.VITE_METRICA_ID as string | undefined;
  if (!id || document.getElementById('mm-metrica')) return;
  type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
  const w = window as Window & { ym?: Ym };
  const ym: Ym = (...args: unknown[]) => {
    (ym.a ??= []).push(args);
  };
  ym.l = Date.now();
  w.ym = w.ym ?? ym;
  const script = document.createElement('script');
  script.id = 'mm-metrica';
  script.async = true;
  script.src = 'https://mc.yandex.ru/metrika/tag.js';
  document.head.append(script);
  w.ym(Number(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
}
