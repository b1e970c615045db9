import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { listingPath } from 'frontend-common';
import template from '../public/index.html';
import { App } from './App';
import type { RemoteLoader } from './app/remotes';
import { i18n } from './test/renderShell';

/**
 * public/index.html paints the page frame and the hero before any JavaScript, and React's first
 * render replaces it. The two must be the same page, or the phone shows a jump (layout shift)
 * or a flash of other words: same elements and classes, same texts in each language.
 */
function staticFrame(language: 'es' | 'en'): Element {
  const page = new DOMParser().parseFromString(template, 'text/html');
  const frame = page.querySelector('#root > .atm-page.atm-static');
  if (!frame) throw new Error('index.html has no static frame');
  for (const other of frame.querySelectorAll(`[data-lang]:not([data-lang="${language}"])`)) other.remove();
  return frame;
}

function reactFrame(language: 'es' | 'en'): Element {
  const never: RemoteLoader = () => new Promise(() => {}); // the remote still loading
  const { container } = render(
    <MemoryRouter initialEntries={[listingPath(language)]}>
      <App loadRemote={never} />
    </MemoryRouter>,
  );
  return container.querySelector('.atm-page')!;
}

/** Every element that has a class, in document order (the SVG icons' shapes are not compared). */
const shape = (root: Element) =>
  [root, ...root.querySelectorAll('[class]')]
    .filter((el) => !el.closest('svg') || el.tagName.toLowerCase() === 'svg')
    .map(
      (el) => `${el.tagName.toLowerCase()}.${[...el.classList].filter((c) => c !== 'atm-static').join('.')}`,
    );
// Whitespace between elements differs (HTML indentation, JSX none); the words may not.
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, '');
const PARTS = ['.atm-topbar', '.atm-hero', '.atm-remote-loading', '.atm-footer'];

describe('the static frame of index.html', () => {
  it.each(['es', 'en'] as const)('is what React renders first, in %s', async (language) => {
    await act(() => i18n.changeLanguage(language));
    const fromReact = reactFrame(language);
    const fromHtml = staticFrame(language);
    expect(shape(fromHtml)).toEqual(shape(fromReact));
    for (const part of PARTS) {
      expect(text(fromHtml.querySelector(part))).toBe(text(fromReact.querySelector(part)));
    }
    if (language === 'es') {
      // Accessible names are in Spanish only in the static frame (React takes over in seconds).
      const labels = (root: Element) =>
        [...root.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
      expect(labels(fromHtml)).toEqual(labels(fromReact));
    }
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      language === 'es' ? 'ATM Armeros' : 'ATM Gunsmiths',
    );
  });

  it('inlines the preamble and the stylesheet instead of waiting for files', () => {
    expect(template).toMatch(/<script>\s*<%= preambleJs %>\s*<\/script>/);
    expect(template).toMatch(/<style>\s*<%= inlineCss %>\s*<\/style>/);
    expect(template).toMatch(/<script defer src="\/runtime-config.js"><\/script>/);
  });
});
