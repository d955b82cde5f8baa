import type { Plugin } from 'vite';

const PREACT = /[\\/]node_modules[\\/]preact[\\/]/;
/** React DOM's renderer (its client build, which `react-dom/client` loads), not only its small shared part. */
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * Fails the production build when what players get is not React DOM: a module of `preact` anywhere
 * in the output, or no `react-dom` module in the first screen's chunks (issue 22: every build runs
 * React, as `npm run dev` does).
 */
export function reactRuntimeCheck(): Plugin {
  return {
    name: 'mememint-react-runtime-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const preact = chunks.flatMap((chunk) => Object.keys(chunk.modules).filter((id) => PREACT.test(id)));
      if (preact.length > 0)
        this.error(`the bundle holds Preact (${preact.slice(0, 3).join(', ')}…): build on React DOM`);
      // The entry and what it imports statically: the chunks the first screen waits for.
      const entry = chunks.find((chunk) => chunk.isEntry);
      const initial = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
      const reactDom = chunks
        .filter((chunk) => initial.has(chunk.fileName))
        .some((chunk) => Object.keys(chunk.modules).some((id) => REACT_DOM_CLIENT.test(id)));
      if (!reactDom)
        this.error(
          "the first screen's chunks lack React DOM's renderer (react-dom/client): is it aliased away?",
        );
    },
  };
}
