/**
 * The alliance's own domain, the one place to change it. PLACEHOLDER until the alliance confirms
 * its domain (`.example` is reserved and never resolves); `/runtime-config.js` may override it
 * with `siteDomain` without a rebuild.
 */
export const ALLIANCE_BASE_DOMAIN = 'alianza-atm.example';

/** Sister sites linked from the side menu: the main site and its subdomains. */
export function sisterSites(domain: string = ALLIANCE_BASE_DOMAIN) {
  return {
    main: `https://${domain}/`,
    stores: `https://stores.${domain}/`,
    training: `https://training.${domain}/`,
    ranges: `https://ranges.${domain}/`,
    blog: `https://blog.${domain}/`,
  };
}

/** Footer contact details: static text (the phone is a placeholder-style number). */
export function contactDetails(domain: string = ALLIANCE_BASE_DOMAIN) {
  return { email: `contacto@${domain}`, phone: '+52 (55) 0000-0000' };
}
