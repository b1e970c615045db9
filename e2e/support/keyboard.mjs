// Keyboard-only journeys: move with Tab as a keyboard user does, and check that every
// element that receives focus shows a visible focus ring (WCAG 2.4.7).
/* global document, getComputedStyle -- in functions that run in the page (evaluate) */
import { eventually } from './browser.mjs';

/**
 * Describes the focused element's focus indicator: an outline at least 2 px wide or a box shadow
 * (antd's inputs and buttons draw their focus as a shadow or outline). Returns null when focus is
 * on nothing (body) and `ring: false` when the element shows no indicator.
 */
async function focusState(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    // antd's checkboxes, radios and switches keep the real input invisible and draw the ring on
    // the element after it (or around it): look where the eye looks.
    // An input with a prefix or suffix icon draws its ring on the wrapper around it.
    const invisible = getComputedStyle(element).opacity === '0';
    const candidates = invisible
      ? [element.nextElementSibling, element.closest('label')]
      : [element.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select') ?? element];
    // A link stretched over a whole card (the listing's cards) draws its ring on its ::after.
    const drawsRing = (style) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    const hasRing = (shown) =>
      Boolean(shown) && (drawsRing(getComputedStyle(shown)) || drawsRing(getComputedStyle(shown, '::after')));
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
    return {
      name,
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60),
      ring: candidates.some(hasRing),
    };
  });
}

/** Fails unless the focused element shows a visible focus ring. */
export async function expectFocusRing(page) {
  const state = await focusState(page);
  if (!state) throw new Error(`nothing has focus on ${page.url()}`);
  if (!state.ring) throw new Error(`${state.name} ("${state.text}") has focus but no visible focus ring`);
  return state;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` (a locator) has focus, checking the
 * focus ring at every stop; fails after `max` presses, naming where focus went.
 */
export async function tabTo(page, target, { max = 40, backwards = false } = {}) {
  const visited = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await expectFocusRing(page);
    visited.push(state.text || state.name);
    // A short wait: a target that is not on the page now fails the journey after `max` presses
    // with where focus went, not after `max` times the page's 30 s action timeout.
    const focused = target.evaluate((element) => element === document.activeElement, undefined, {
      timeout: 2_000,
    });
    if (await focused.catch(() => false)) return;
  }
  throw new Error(`Tab did not reach the target in ${max} presses; focus went: ${visited.join(' > ')}`);
}

/** Waits until `target` (a locator) has focus: where a page moves focus itself (a dialog, a step). */
export const untilFocused = (target) =>
  eventually(() => target.evaluate((element) => element === document.activeElement), true);

/** Whether the focused element is inside `container` (a locator). */
export const focusIsWithin = (container) =>
  container.evaluate((element) => element.contains(document.activeElement));
