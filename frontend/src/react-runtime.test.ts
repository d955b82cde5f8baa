import { version as react } from 'react';
import { version as reactDom } from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('the runtime', () => {
  it('is React 19 with React DOM (what the dev server and the production build run)', () => {
    expect(react).toMatch(/^19\./);
    expect(reactDom).toBe(react);
  });
});
