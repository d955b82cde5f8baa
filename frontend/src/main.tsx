// The theme, layout and ui/ styles first: a feature's own CSS, bundled after, overrides them.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { beginStartUp } from './app/providers/SessionProvider';
import { isPublicPath } from './app/router';
import { queryClient } from './lib/services';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// Start-up runs at once; the first render waits for it, so the app shell index.html already shows
// stays as it is until the screen start-up leads to (a weak phone's CPU does not draw it twice). A
// public page (a shared meme) needs no sign-in and renders at once.
if (isPublicPath(window.location.pathname)) render();
else void beginStartUp(queryClient).finally(render);
