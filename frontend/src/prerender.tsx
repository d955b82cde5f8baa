import { renderToString } from 'react-dom/server';

import { Root } from './app/Root';

/**
 * The markup of `/main`'s first state (the app shell while start-up signs in) for index.html's
 * `#root`, rendered at build time by build/prerender-shell.ts and hydrated by main.tsx. Any signed-in
 * path draws the same shell first; the public pages render on their own.
 */
export function renderAppShell(): string {
  return renderToString(<Root location="/main" />);
}
