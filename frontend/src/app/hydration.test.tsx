import { act } from 'react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n, setLanguage } from '../i18n';
import { renderAppShell } from '../prerender';
import { Root } from './Root';

// Hydrated by hand here (not Testing Library's render), so React is told it runs under act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: ReactRoot | undefined;
let container: HTMLElement | undefined;

afterEach(async () => {
  act(() => root?.unmount());
  container?.remove();
  await setLanguage('en');
});

/**
 * index.html's `#root` as the build draws it, hydrated as main.tsx does: the errors React recovered
 * from (a mismatch is one: React then draws the tree anew instead of taking over the painted one).
 */
async function hydrateShell(markup = renderAppShell()): Promise<unknown[]> {
  window.history.replaceState(null, '', '/main');
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container!, <Root />, { onRecoverableError: (error) => errors.push(error) });
  });
  return errors;
}

describe('the app shell drawn with the HTML', () => {
  it('has something to paint without words (the language is not known yet)', () => {
    const shell = document.createElement('div');
    shell.innerHTML = renderAppShell();
    expect(shell.querySelector('.layout[aria-busy="true"] .swipe-deck .swipe-deck__stack')).not.toBeNull();
    // No create card under the deck (issue 27): Create is the floating button.
    expect(shell.querySelector('.hero-card')).toBeNull();
    expect(shell.querySelectorAll('.bottom-nav svg')).toHaveLength(5);
    // No word in any language: the mark, the deck's buttons and the Create button are drawings.
    expect(shell.textContent).toBe('');
    expect(shell.querySelector('.skeleton--deck .mint-mark')).not.toBeNull();
    expect(shell.querySelector('.create-fab svg')).not.toBeNull();
    expect(shell.querySelector('img, link, style')).toBeNull();
  });

  it.each(['en', 'ru'])('hydrates for a player in %s without a mismatch', async (language) => {
    await setLanguage(language);
    expect(i18n.language).toBe(language);
    expect(await hydrateShell()).toEqual([]);
  });

  it('would report a mismatch: a shell with words in it does not hydrate for another language', async () => {
    await setLanguage('ru');
    // What a shell with a translated word would have painted: the build renders it in English.
    const errors = await hydrateShell(
      renderAppShell().replace('<span class="swipe-button swipe-button--skip">', '$&Skip'),
    );
    expect(errors).not.toEqual([]);
  });
});
