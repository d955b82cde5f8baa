import { useEffect, useRef } from 'react';

import { haptic, telegramBackButton } from '../telegram/sdk';

/** Screens holding the button, innermost last; Telegram has one button and one click listener. */
const stack: Array<{ current: () => void }> = [];

function sync(): void {
  if (stack.length) telegramBackButton.show();
  else telegramBackButton.hide();
}

let unsubscribe: (() => void) | null = null;

function ensureListener(): void {
  unsubscribe ??= telegramBackButton.onClick(() => {
    haptic.tap();
    stack.at(-1)?.current();
  });
}

/**
 * Telegram's native Back button while the caller is mounted. The innermost screen wins: a dialog over
 * a page takes it over and gives it back when it closes.
 */
export function useBackButton(onBack: (() => void) | null): void {
  const handler = useRef<() => void>(() => undefined);
  useEffect(() => {
    handler.current = onBack ?? (() => undefined);
  });
  const enabled = onBack !== null;
  useEffect(() => {
    if (!enabled) return;
    ensureListener();
    const entry = { current: () => handler.current() };
    stack.push(entry);
    sync();
    return () => {
      stack.splice(stack.indexOf(entry), 1);
      sync();
    };
  }, [enabled]);
}
