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
}

/** #root's start tag, quoted or not (the built page is minified). */
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
}

/** #root's start tag, quoted or not (the built page is minified). */
const ROOT_START = /<div id="?root"?>/;

/**
 * The shell's built index.html with one page's parts: its language, title, head tags, and the
 * server's markup in place of the static frame. The frame is #root's content, and #root is the
 * last element of <body> (public/index.html), so it ends at the last `</div>` before `</body>`.
 */
export function fillTemplate(template: string, parts: PageParts): string {
  const styles = (parts.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`);
  // Replacement functions, not strings: a `$&` or `$'` in a shop's name must stay text.
  let html = template
    .replace(/<html lang="?[a-z-]*"?/i, () => `<html lang="${parts.language}"`)
    .replace(/<meta name="?description"?[^>]*>/, () => '')
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(parts.title)}</title>${parts.headTags}${styles.join('')}`,
    );
  if (parts.body !== undefined) {
    const root = ROOT_START.exec(html);
    const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
    if (!root || end < root.index) throw new Error('index.html has no <div id="root"> at the end of <body>');
    html = `${html.slice(0, root.index)}<div id="root">${parts.body}</div>${parts.afterRoot ?? ''}${html.slice(end + '</div>'.length)}`;
  }
  return html;
}
