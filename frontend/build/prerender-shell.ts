import { createServer, type Plugin, type ViteDevServer } from 'vite';

/** Where index.html's `#root` takes the shell. */
const PLACEHOLDER = '<!--app-shell-->';
const ENTRY = '/src/prerender.tsx';

type PrerenderModule = typeof import('../src/prerender');

/**
 * Draws the app shell into index.html with React DOM at build time (and per request in the dev
 * server), so the phone paints it with the HTML, before any script; main.tsx hydrates it. The shell
 * is the app's own first render (src/prerender.tsx), not a copy, so the two cannot drift apart.
 */
export function prerenderShell(): Plugin {
  let server: ViteDevServer | undefined;
  let root = '';
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'mememint-prerender-shell',
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
      mode = config.mode;
    },
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html) {
      if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} in #root`);
      // The build loads the app's modules as the dev server does for SSR, in a server of its own.
      const loader =
        server ??
        (await createServer({
          root,
          configFile,
          mode,
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        }));
      try {
        const prerender = (await loader.ssrLoadModule(ENTRY)) as PrerenderModule;
        return html.replace(PLACEHOLDER, prerender.renderAppShell());
      } finally {
        if (loader !== server) await loader.close();
      }
    },
  };
}
