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
const ROOT_START = /<div id="?root"?>/;

/**
 * The shell's built index.html with one page's parts: its language, title, head tags, and the
 * server's markup in place of the static frame. The frame is #root's content, and #root is the
 * last element of <body> (public/index.html), so it ends at the last `</div>` before `</body>`.
 */
export function fillTemplate(template: string, parts: PageParts): string {
  let html = template
    .replace(/<html lang="?[a-z-]*"?/i, `<html lang="${parts.language}"`)
    .replace(/<meta name="?description"?[^>]*>/, '')
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(parts.title)}</title>${parts.headTags}${(parts.styles ?? [])
        .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
        .join('')}`,
    );
  if (parts.body !== undefined) {
    const start = html.indexOf(ROOT_START);
    const bodyEnd = html.lastIndexOf('</body>');
    const end = html.lastIndexOf('</div>', bodyEnd);
    if (start === -1 || end < start)
      throw new Error('index.html has no <div id="root"> at the end of <body>');
    html = `${html.slice(0, start)}${ROOT_START}${parts.body}</div>${parts.afterRoot ?? ''}${html.slice(end + '</div>'.length)}`;
  }
  return html;
}
