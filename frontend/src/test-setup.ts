import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Node 25+ has its own `localStorage` global (undefined without --localstorage-file) that hides
// jsdom's; the page's storage is jsdom's.
declare const jsdom: { window: Window };
if (globalThis.localStorage === undefined)
  Object.defineProperty(globalThis, 'localStorage', { value: jsdom.window.localStorage, configurable: true });

import './i18n';
import { dismissAllToasts } from './ui/toast';

afterEach(() => {
  cleanup();
  dismissAllToasts();
});
