import { screen } from '@testing-library/react';
import { stubApi } from 'frontend-common/jest/msw';
import { renderDirectory } from '../../test/renderDirectory';
import { bySlugRoute, listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';

const DAY_MS = 86_400_000;
/** A day (`YYYY-MM-DD`) some days from now, far enough from midnight in any Mexican zone. */
const day = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const certified = makeShop({
  name: 'Armería Certificada',
  slug: 'armeria-certificada-guadalajara',
  isVerified: 'true',
  certificateNumber: 'ATM-2026/014',
  verifiedOn: day(-300),
  validUntil: day(60),
});
const lapsed = makeShop({
  name: 'Armería Vencida',
  slug: 'armeria-vencida-guadalajara',
  isVerified: 'false',
  certificateNumber: 'ATM-2024/002',
  verifiedOn: day(-800),
  validUntil: day(-5),
});
const routes = {
  'GET /api/shops/listing': listingRoute(() => [certified, lapsed]),
  'GET /api/shops/by-slug/:slug': bySlugRoute(() => [certified, lapsed]),
  'GET /api/shops/categories': [],
  'GET /api/shops/cities': [],
  'GET /api/shops/states': [],
};
const spelled = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

describe("a shop page's certificate check", () => {
  it('says the certificate in the link is current, until when, in words and a heading', async () => {
    stubApi(routes);
    await renderDirectory(`/shops/${certified.slug}?certificado=atm-2026%2F014`);
    const panel = (await screen.findByRole('heading', { name: 'Certificado ATM-2026/014' })).closest(
      'section',
    )!;
    expect(panel).toHaveTextContent(
      `Certificación vigente hasta el ${spelled(certified.validUntil!, 'es-MX')}`,
    );
    expect(panel).toHaveClass('atm-cert--current');
  });

  it('says when an expired certificate ended, in English on /en/', async () => {
    stubApi(routes);
    await renderDirectory(`/en/shops/${lapsed.slug}?certificado=ATM-2024/002`, { language: 'en' });
    const panel = (await screen.findByRole('heading', { name: 'Certificate ATM-2024/002' })).closest(
      'section',
    )!;
    expect(panel).toHaveTextContent(`This certification expired on ${spelled(lapsed.validUntil!, 'en-US')}`);
  });

  it("says a number that is not the shop's does not belong to it, and shows nothing without a number", async () => {
    stubApi(routes);
    await renderDirectory(`/shops/${lapsed.slug}?certificado=ATM-2026/014`);
    expect(
      await screen.findByText('Este número de certificado no corresponde a este taller'),
    ).toBeInTheDocument();
  });

  it('shows no check on a link without a number', async () => {
    stubApi(routes);
    await renderDirectory(`/shops/${certified.slug}`);
    await screen.findByRole('heading', { level: 1, name: certified.name });
    expect(screen.queryByText(/Certificación vigente/)).not.toBeInTheDocument();
  });
});
