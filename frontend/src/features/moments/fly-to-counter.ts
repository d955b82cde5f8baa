import type { CounterKind } from './moments';

/** Coins (or credits, swipes) flying from a prize to their counter: transform and opacity only. */
const PIECES = 7;
const FLIGHT_MS = 650;
const STAGGER_MS = 55;

const PIECE_COLOURS: Record<CounterKind, string> = {
  coins: 'var(--gold)',
  credits: 'var(--credit)',
  swipes: 'var(--accent)',
};

export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Sends a few pieces from `from` to the visible element marked `data-counter="<kind>"` (the top menu's
 * coins, the swipe bar, the credits line), then bumps it. Nothing happens with "reduce motion", without
 * a counter on screen, or without the Web Animations API (jsdom).
 */
export function flyToCounter(from: Element, counter: CounterKind): void {
  if (reducedMotion()) return;
  const target = document.querySelector(`[data-counter="${counter}"]`);
  if (!target || typeof target.animate !== 'function') return;
  const start = from.getBoundingClientRect();
  const end = target.getBoundingClientRect();
  const dx = end.left + end.width / 2 - (start.left + start.width / 2);
  const dy = end.top + end.height / 2 - (start.top + start.height / 2);
  for (let i = 0; i < PIECES; i++) {
    const piece = document.createElement('span');
    piece.className = 'fly-piece';
    piece.style.left = `${start.left + start.width / 2 - 9 + (i - PIECES / 2) * 6}px`;
    piece.style.top = `${start.top + start.height / 2 - 9}px`;
    piece.style.background = PIECE_COLOURS[counter];
    document.body.append(piece);
    const flight = piece.animate(
      [
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
        { transform: `translate(${dx * 0.4}px, ${dy * 0.4 - 40}px) scale(1.1)`, opacity: 1, offset: 0.4 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.3 },
      ],
      { duration: FLIGHT_MS, delay: i * STAGGER_MS, easing: 'ease-in', fill: 'both' },
    );
    flight.onfinish = () => piece.remove();
    flight.oncancel = () => piece.remove();
  }
  target.animate([{ transform: 'scale(1)' }, { transform: 'scale(1.25)' }, { transform: 'scale(1)' }], {
    duration: 300,
    delay: FLIGHT_MS + PIECES * STAGGER_MS - 150,
  });
}
