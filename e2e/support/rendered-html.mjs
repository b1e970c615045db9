// The admin's screens as the browser has drawn them, for the Nu Html Checker
// (tools/nu-html-checker.mjs): the DOM once rendered, serialised as a document.
/* global document -- in the function that runs in the page (evaluate) */

/**
 * The page's DOM as HTML, without the style sheets antd's CSS-in-JS writes into the head at run
 * time (generated CSS, each with its bookkeeping attributes; put before the page's
 * `<meta charset>`). The shell's own inline style sheet has no attribute and stays.
 */
export function renderedHtml(page) {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true);
    for (const style of copy.querySelectorAll('head > style')) if (style.attributes.length) style.remove();
    return `<!doctype html>\n${copy.outerHTML}`;
  });
}
