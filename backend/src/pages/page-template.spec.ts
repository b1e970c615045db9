import { describe, expect, it } from '@jest/globals';
import { fillTemplate } from './page-template.js';

// The shape of the shell's built index.html (minified: unquoted attributes).
const TEMPLATE =
  '<!doctype html><html lang=es><head><title>ATM</title><script>preamble()</script>' +
  '<script defer src=/runtime-config.js></script><script defer src=/js/main.abc123.js></script></head>' +
  '<body><div id=root><div class=atm-static>frame</div></div></body></html>';

describe('fillTemplate', () => {
  it('runs the scripts at load on a page that needs them (the admin, the static frame)', () => {
    const html = fillTemplate(TEMPLATE, { language: 'es', title: 'Admin', headTags: '' });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<script defer src=/js/main.abc123.js></script>');
    expect(html).not.toContain('atm/on-intent');
  });

  it('gives a server-rendered page’s scripts a type no browser runs: the preamble starts them on intent', () => {
    const html = fillTemplate(TEMPLATE, {
      language: 'en',
      title: 'Gunsmiths',
      headTags: '<meta name="description" content="x">',
      body: '<main>cards</main>',
      afterRoot: '<script id="atm-server-data" type="application/json">{}</script>',
      scriptsOnIntent: true,
    });
    expect(html).toContain('<html lang="en" data-atm-hydrate="on-intent">');
    expect(html).not.toMatch(/<script defer/);
    // In their order: the runtime configuration before main.js.
    expect(html).toContain(
      '<script type="atm/on-intent" data-src="/runtime-config.js"></script>' +
        '<script type="atm/on-intent" data-src="/js/main.abc123.js"></script>',
    );
    expect(html).toContain('<script>preamble()</script>');
    expect(html).toContain('<div id="root"><main>cards</main></div><script id="atm-server-data"');
  });

  it('links stylesheets after the inline preamble and before the inline style: parsing never waits for them', () => {
    const template = TEMPLATE.replace(
      '</script><script defer',
      '</script><style>.shell{}</style><script defer',
    );
    // A "<style>" in a shop's text (title, head tags) is not where the link goes.
    const html = fillTemplate(template, {
      language: 'es',
      title: '<style> $&',
      headTags: '<meta name="description" content="<style>">',
      styles: ['/remotes/directory/css/app.css'],
      body: '<main>cards</main>',
    });
    expect(html).toContain(
      '<script>preamble()</script><link rel="stylesheet" href="/remotes/directory/css/app.css"><style>.shell{}</style>',
    );
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  });

  it('says so when the template has no place for the stylesheets, rather than cutting into it', () => {
    expect(() =>
      fillTemplate('<html><title>ATM</title><div id=root></div>', {
        language: 'es',
        title: 'x',
        headTags: '',
        styles: ['/a.css'],
      }),
    ).toThrow(/neither an inline <style> nor <\/head>/);
  });

  it('keeps a `$&` in a title as text', () => {
    const html = fillTemplate(TEMPLATE, { language: 'es', title: 'A $& B', headTags: '' });
    expect(html).toContain('<title>A $&amp; B</title>');
  });
});
