import { act, fireEvent, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { stubApi } from 'frontend-common/jest/msw';
import { initI18n, type DirectorySnapshot } from 'frontend-common';
import DirectoryApp from './DirectoryApp';
import { listingSnapshot, ServerDirectoryApp } from './server';
import { makeShop } from './test/shops';

const i18n = initI18n();
const shops = Array.from({ length: 15 }, (_, i) =>
  makeShop({
    name: `Taller ${String(i + 1).padStart(2, '0')}`,
    slug: `taller-${i + 1}`,
    isVerified: i % 2 ? 'true' : 'false',
  }),
);
const catalog = { shops, categories: ['Armería'], cities: ['Guadalajara'], states: ['Jalisco'] };

/** The page at `url` as the shell mounts the directory, with the server's or the browser's App. */
function page(
  url: string,
  snapshot: DirectorySnapshot,
  App: typeof DirectoryApp | typeof ServerDirectoryApp,
): ReactElement {
  return (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/en/shops/:slug" element={<App view="shop" snapshot={snapshot} />} />
        <Route path="/shops/:slug" element={<App view="shop" snapshot={snapshot} />} />
        <Route path="*" element={<App view="listing" snapshot={snapshot} />} />
      </Routes>
    </MemoryRouter>
  );
}

/**
 * What the product does: the server's HTML (the directory's Node entry), then hydration in the
 * browser from the embedded snapshot. Any difference between the two is a recoverable error
 * React reports (and would repair by rendering again on the client): collected here.
 */
async function serverThenHydrate(
  url: string,
  snapshot: DirectorySnapshot,
  inThePage: DirectorySnapshot = snapshot,
) {
  const html = renderToString(page(url, snapshot, ServerDirectoryApp));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  const before = container.innerHTML;
  await act(async () => {
    hydrateRoot(container, page(url, inThePage, DirectoryApp), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { html, container, errors, before };
}

beforeEach(() => {
  // The page the server rendered needs no request; any answer would come after hydration, and
  // here none ever does, so the first render stays.
  stubApi({
    'GET /api/shops': () => new Promise(() => {}),
    'GET /api/shops/listing': () => new Promise(() => {}),
    'GET /api/shops/categories': () => new Promise(() => {}),
    'GET /api/shops/cities': () => new Promise(() => {}),
    'GET /api/shops/states': () => new Promise(() => {}),
  });
});
afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

it('hydrates a server-rendered listing page without a difference, from only its page of shops', async () => {
  await act(() => i18n.changeLanguage('en'));
  const snapshot = listingSnapshot(catalog, new URLSearchParams('page=2'));
  expect(snapshot.items.map((shop) => shop.name)).toEqual(['Taller 13', 'Taller 14', 'Taller 15']);
  const { html, container, errors, before } = await serverThenHydrate('/en/?page=2', snapshot);
  expect(errors).toEqual([]);
  expect(html).toContain('href="/en/shops/taller-13"');
  expect(html).toContain('href="/en/"'); // the previous page: the first, without ?page
  expect(html).toContain('15 results found');
  expect(container.innerHTML).toBe(before);
});

it('hydrates a server-rendered shop page without a difference', async () => {
  await act(() => i18n.changeLanguage('en'));
  const shop = shops[3];
  const snapshot: DirectorySnapshot = {
    kind: 'shop',
    shop,
    url: `https://atm.example/en/shops/${shop.slug}`,
  };
  const { html, errors } = await serverThenHydrate(`/en/shops/${shop.slug}`, snapshot);
  expect(errors).toEqual([]);
  expect(html).toContain(`<h1 tabindex="-1">${shop.name}</h1>`); // it takes focus after a navigation
  expect(html).toContain('href="tel:+523312345678"');
  expect(html).toContain(encodeURIComponent(`https://atm.example/en/shops/${shop.slug}`));
});

it('is caught when the browser would render other markup than the server', async () => {
  await act(() => i18n.changeLanguage('en'));
  const snapshot = listingSnapshot(catalog, new URLSearchParams());
  jest.spyOn(console, 'error').mockImplementation(() => {});
  // Data in the page other than the server rendered from makes the first render differ.
  const { errors } = await serverThenHydrate('/en/', snapshot, {
    ...snapshot,
    items: snapshot.items.slice(1),
  });
  expect(errors.length).toBeGreaterThan(0);
});

/**
 * What assistive technology reads in the correction form once the page's scripts have run: each
 * label names a control that exists, each fieldset is named by its legend, and every id an
 * aria-describedby or aria-labelledby gives is in the page. React keeps the server's attributes
 * when it hydrates, so ids the browser's render made differently (useId under another tree) would
 * leave labels and descriptions pointing at nothing once React writes its own (an error line).
 */
function unnamedInCorrectionForm(root: HTMLElement) {
  const form = root.querySelector('.atm-correction')!;
  const problems: string[] = [];
  // In this page only: the other language's page, hydrated beside it, has the same ids.
  const byId = (id: string) => [...root.querySelectorAll('[id]')].find((element) => element.id === id);
  const labelable = ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'];
  for (const label of form.querySelectorAll('label[for]')) {
    const target = byId((label as HTMLLabelElement).htmlFor);
    if (!target || !labelable.includes(target.tagName))
      problems.push(`label for ${(label as HTMLLabelElement).htmlFor}`);
  }
  for (const fieldset of form.querySelectorAll('fieldset')) {
    const first = fieldset.firstElementChild;
    if (first?.tagName !== 'LEGEND' || !first.textContent?.trim())
      problems.push('fieldset without its legend');
  }
  for (const element of form.querySelectorAll('[aria-describedby], [aria-labelledby]')) {
    const ids = `${element.getAttribute('aria-describedby') ?? ''} ${element.getAttribute('aria-labelledby') ?? ''}`;
    for (const id of ids.split(/\s+/).filter(Boolean))
      if (!byId(id)) problems.push(`${element.tagName.toLowerCase()} refers to missing #${id}`);
  }
  for (const control of form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), textarea')) {
    const named = [...form.querySelectorAll<HTMLLabelElement>('label')].some(
      (label) => label.contains(control) || (label.htmlFor !== '' && label.htmlFor === control.id),
    );
    if (!named) problems.push(`${control.name} without a label`);
  }
  return problems;
}

it('keeps the correction form labelled once a server-rendered shop page is hydrated, in both languages', async () => {
  // React reports attributes that differ from the server's (an id among them) on the console.
  const consoleErrors = jest.spyOn(console, 'error');
  const forms: HTMLElement[] = [];
  // Both pages before any is sent: sending focuses a field, which loads the proof-of-work widget,
  // and a widget defined before a page is parsed draws into the server's markup (never so in a
  // browser, where the widget loads after hydration).
  for (const language of ['es', 'en']) {
    await act(() => i18n.changeLanguage(language));
    const shop = shops[5];
    const path = `${language === 'en' ? '/en' : ''}/shops/${shop.slug}`;
    const snapshot: DirectorySnapshot = { kind: 'shop', shop, url: `https://atm.example${path}` };
    const { container, errors } = await serverThenHydrate(path, snapshot);
    expect(errors).toEqual([]);
    expect(unnamedInCorrectionForm(container)).toEqual([]);
    forms.push(container);
  }
  expect(consoleErrors).not.toHaveBeenCalled();
  for (const container of forms) {
    // Sent empty: React writes the error lines and the descriptions with its own ids.
    const form = container.querySelector('form')!;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(within(form).getAllByText(/.+/, { selector: '.atm-correction__error' }).length).toBeGreaterThan(0);
    expect(unnamedInCorrectionForm(container)).toEqual([]);
  }
});
