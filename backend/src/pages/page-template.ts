const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface PageParts {
  language: 'es' | 'en';
  title: string;
  /** Tags after the title (already escaped by whoever made them). */
  headTags: string;
  /** Stylesheets to link in the head. */
  styles?: string[];
  /** New markup of #root, and what follows it (the embedded data); none keeps the static frame. */
  body?: string;
  afterRoot?: string;
  /** Scripts wait for the visitor's first touch (the shell's preamble.js: "Hydration on intent"). */
  scriptsOnIntent?: boolean;
}

/** #root's start tag, quoted or not (the built page is minified). */
const ROOT_START = /<div id="?root"?>/;

/** A script the built page runs after parsing (`<script defer src=...>`, quoted or not). */
const DEFERRED_SCRIPT = /<script defer src="?([^"\s>]+)"?><\/script>/g;

/** The shell's inline stylesheet (public/index.html), after its inline preamble script. */
const INLINE_STYLE = '<style>';

/** The type of a script that waits for the visitor (frontend-shell/public/preamble.js). */
const ON_INTENT = 'atm/on-intent';

/** The shell's index.html with one page's parts; #root, <body>'s last element, ends at its last `</div>`. */
export function fillTemplate(template: string, parts: PageParts): string {
  const styles = (parts.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  // Replacement functions, not strings: a `$&` or `$'` in a shop's name must stay text.
  const onIntent = parts.scriptsOnIntent ? ' data-atm-hydrate="on-intent"' : '';
  // Into the template itself, before any shop's text is in the page.
  let html = insertStylesheets(template, styles.join(''))
    .replace(/<html lang="?[a-z-]*"?/i, () => `<html lang="${parts.language}"${onIntent}`)
    // Up to the next `<` or `>`: `[^>]*` would read the rest of the template again for each unclosed tag.
    .replace(/<meta name="?description"?[^<>]*>/, () => '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>${parts.headTags}`);
  if (parts.scriptsOnIntent) {
    // A data block naming the script in `data-src` (a data block may not have `src`). Not a prefetch
    // link: it competes with the stylesheet on a slow network and delays the first paint.
    html = html.replace(
      DEFERRED_SCRIPT,
      (_tag, src: string) => `<script type="${ON_INTENT}" data-src="${src}"></script>`,
    );
  }
  if (parts.body !== undefined) {
    const root = ROOT_START.exec(html);
    const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
    if (!root || end < root.index) throw new Error('index.html has no <div id="root"> at the end of <body>');
    html = `${html.slice(0, root.index)}<div id="root">${parts.body}</div>${parts.afterRoot ?? ''}${html.slice(end + '</div>'.length)}`;
  }
  return html;
}

/**
 * Stylesheet links go after the inline preamble script (above it, they hold up parsing of the whole body
 * on a slow network) and before the inline stylesheet (whose rules stay last in the cascade).
 */
function insertStylesheets(html: string, links: string): string {
  if (!links) return html;
  const at = html.indexOf(INLINE_STYLE);
  const index = at >= 0 ? at : html.indexOf('</head>');
  if (index < 0) throw new Error('index.html has neither an inline <style> nor </head> for the stylesheets');
  return `${html.slice(0, index)}${links}${html.slice(index)}`;
}
