// The directory remote sets its pages' document titles in the browser (after a navigation there);
// the server writes them into the HTML from the shell's texts. They must be the same words, or a
// page's title would change as it hydrates.
import esShell from '../i18n/locales/es/shell.json';
import enShell from '../i18n/locales/en/shell.json';
import esDirectory from '../../../frontend-directory/src/i18n/locales/es/directory.json';
import enDirectory from '../../../frontend-directory/src/i18n/locales/en/directory.json';

it.each([
  ['es', esShell, esDirectory],
  ['en', enShell, enDirectory],
])('the directory titles its pages as the server does (%s)', (_language, shell, directory) => {
  expect(directory.pageTitle).toEqual({
    listing: shell.head.listing.title,
    page: shell.head.listing.page,
    shop: shell.head.shop.title,
  });
});
