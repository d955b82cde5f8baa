import { useSyncExternalStore } from 'react';

/**
 * Whether animations play by themselves (issue 24): not with the player's data saver on (Profile's
 * setting, kept on this device), not on a connection the phone calls slow or data-saving
 * (`navigator.connection`), not with "reduce motion". Then a card shows its poster with a play button.
 */
const KEY = 'mm_data_saver';
const listeners = new Set<() => void>();

export function isDataSaverOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setDataSaver(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(KEY, '1');
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // private mode: the setting lasts as long as the page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The player's data-saver setting, live. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverOn, () => false);
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** The browser says the data is to be saved, or the network is 2G-slow (Network Information API). */
export function isSlowConnection(): boolean {
  const connection = (globalThis.navigator as { connection?: NetworkInformation } | undefined)?.connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Whether an animation starts by itself when it comes into view. */
export function useAutoplay(): boolean {
  const saver = useDataSaver();
  return !saver && !isSlowConnection() && !prefersReducedMotion();
}
