/**
 * Reward moments (issue 27): what a player won shown full-screen for a moment, one at a time. Anything
 * can `celebrate`; the one <MomentHost> shows them in order. A moment is skipped with a tap.
 */
export type MomentKind = 'memeOfTheDay' | 'quest' | 'referral' | 'boost';
export type CounterKind = 'coins' | 'credits' | 'swipes';

export interface Moment {
  id: number;
  kind: MomentKind;
  title: string;
  text: string;
  /** What flies to its counter when the moment shows. */
  gain?: { counter: CounterKind; amount: number };
}

type Listener = (queue: readonly Moment[]) => void;

let queue: readonly Moment[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(queue);
}

export function celebrate(moment: Omit<Moment, 'id'>): number {
  const next = { ...moment, id: nextId++ };
  queue = [...queue, next];
  emit();
  return next.id;
}

export function dismissMoment(id: number): void {
  queue = queue.filter((moment) => moment.id !== id);
  emit();
}

export function subscribeMoments(listener: Listener): () => void {
  listeners.add(listener);
  listener(queue);
  return () => listeners.delete(listener);
}

/** Once per player and key on this device (a moment seen is not shown again after a reload). */
export function firstTime(key: string): boolean {
  const name = `mm_moment:${key}`;
  try {
    if (localStorage.getItem(name)) return false;
    localStorage.setItem(name, '1');
  } catch {
    // Private mode without storage: the moment shows; it may show again.
  }
  return true;
}
