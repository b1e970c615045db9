import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CERTIFICATE_PARAM, checkCertificate } from 'contract';
import type { Shop } from 'frontend-common';
import { useNow } from '../../app/clock';
import './certificate-check.css';

/** A day (`YYYY-MM-DD`) as the language writes it in full: "1 de mayo de 2027", "May 1, 2027". */
function spelledDay(day: string, language: string): string {
  // Noon UTC of that day, written in UTC: no time zone moves it to the day before.
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

const SYMBOL = { current: '✓', expired: '✕', withdrawn: '✕', mismatch: '!' } as const;

/**
 * What the shop's page says of the certificate number its link carries (the certificate's QR
 * code): current, expired, withdrawn, or not this shop's. Drawn by the server too (the page's
 * render time decides, as it does for the hydration), in words and a symbol, not colour alone.
 */
export function CertificateCheck({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('directory');
  const [params] = useSearchParams();
  const now = useNow();
  const number = params.get(CERTIFICATE_PARAM)?.trim();
  if (!number) return null;
  const check = checkCertificate(shop, number, now);
  const message =
    check.status === 'current'
      ? check.validUntil
        ? t('certificate.currentUntil', { date: spelledDay(check.validUntil, i18n.language) })
        : t('certificate.currentNoEnd')
      : check.status === 'expired'
        ? t('certificate.expired', { date: spelledDay(check.validUntil, i18n.language) })
        : t(`certificate.${check.status}`);
  return (
    <section className={`atm-cert atm-cert--${check.status}`} aria-labelledby="atm-cert-title">
      <span className="atm-cert__symbol" aria-hidden="true">
        {SYMBOL[check.status]}
      </span>
      <div>
        <h2 id="atm-cert-title" className="atm-cert__title">
          {t('certificate.title', { number: number.toUpperCase() })}
        </h2>
        <p className="atm-cert__message">{message}</p>
      </div>
    </section>
  );
}
