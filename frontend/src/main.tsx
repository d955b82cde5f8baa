// The theme, layout and ui/ styles first, in this order: a feature's own CSS, bundled after, overrides them.
import './styles/theme.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/overlays.css';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { beginStartUp } from './app/providers/SessionProvider';
import { Root } from './app/Root';
import { isPublicPath } from './app/router';
import { queryClient } from './lib/services';

const root = document.getElementById('root')!;

if (isPublicPath(window.location.pathname)) {
  // A public page (a shared meme) needs no sign-in: it replaces the shell at once.
  createRoot(root).render(<Root />);
} else {
  // Start-up (launch, sign-in, language) begins now; its early `/me` left with the HTML. Meanwhile
  // React takes over the shell index.html already painted (prerendered from the same tree) and draws
  // the screen start-up leads to when it settles.
  void beginStartUp(queryClient);
  hydrateRoot(root, <Root />, {
    // A hydration mismatch among them (e2e/app/first-screen.ts fails on this line in the console).
    onRecoverableError: (error, info) =>
      console.error('React recovered from an error:', error, info.componentStack),
  });
}
