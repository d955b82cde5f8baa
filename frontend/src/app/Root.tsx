import { StrictMode } from 'react';

import { App } from './App';

/** What main.tsx hydrates and the build prerenders: one tree, so the two cannot drift apart. */
export function Root({ location }: { location?: string }) {
  return (
    <StrictMode>
      <App location={location} />
    </StrictMode>
  );
}
