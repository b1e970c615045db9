/**
 * The element the server embeds in a page it rendered: the data it rendered the page from, as
 * JSON (`<script type="application/json">`, never executed, so no CSP hash is needed). Its
 * presence is what tells the browser to hydrate rather than render.
 */
export const SERVER_DATA_ID = 'atm-server-data';

/** What the console says when hydration found markup other than the server's. */
export const SERVER_RENDER_ERROR = 'Server-rendered markup differs from the first render';

export interface ServerPageData {
  /** The directory's data for this page (null: a page without, e.g. 404). */
  snapshot: unknown;
  /** Set when this path looks like a page but is none (an unknown shop): the 404 page (App.tsx). */
  notFoundPath?: string;
}

/** The embedded data of a server-rendered page, or null on a page the server did not render. */
export function readServerPage(): ServerPageData | null {
  const element = document.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerPageData;
}

/**
 * The embedded data as HTML text: JSON whose `<` are escaped (`\u003c`), so no value (a shop's
 * name with `</script>` in it) can end the element early; U+2028/2029 too, for old parsers.
 */
export function serverDataElement(data: ServerPageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script id="${SERVER_DATA_ID}" type="application/json">${json}</script>`;
}
