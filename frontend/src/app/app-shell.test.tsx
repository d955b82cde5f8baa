import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell';

/** The shell as the app renders it, in a `<div>`. */
const renderedShell = () => render(<AppShell />).container;

/** Markup with its formatting whitespace (prettier's line breaks) taken out. */
const compact = (html: string) => html.replace(/\s+/g, ' ').replace(/> </g, '><').replace(/ >/g, '>').trim();

describe('the app shell', () => {
  it('index.html paints the same shell React shows while start-up signs in', () => {
    const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];
    const painted = document.createElement('div');
    painted.innerHTML = compact(root ?? '');
    const rendered = renderedShell();
    // The same elements, attributes (in any order) and text.
    expect(painted.isEqualNode(rendered), `${painted.innerHTML}\n≠\n${rendered.innerHTML}`).toBe(true);
  });

  it('has something to paint without text (the Feed button), and no words before the language is known', () => {
    const markup = renderedShell().innerHTML;
    expect(markup.match(/<svg/g)).toHaveLength(1);
    expect(markup.replace(/<[^>]*>/g, '')).toBe('');
  });
});
