import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy/waitFor give up after 5 s instead of Testing Library's 1 s: a page's first render can
// load its lazy route module, which on a cold transform cache (a fresh CI machine) and a loaded
// 2-core machine took over a second. A wait that passes never waits longer than it needs.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs antd's responsive grid and overlays ask for.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
// jsdom does not implement pseudo-element styles (antd measures the scrollbar with them).
const jsdomGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => jsdomGetComputedStyle(element);

// jsdom has the <dialog> element but not its methods: a modal dialog opens and closes, and
// Escape asks it to close with a cancelable "cancel" event, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.show = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const open = [...document.querySelectorAll('dialog[open]')].pop() as HTMLDialogElement | undefined;
    if (event.key !== 'Escape' || !open) return;
    if (open.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
  });
}
