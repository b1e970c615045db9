import { useTranslation } from 'react-i18next';
import { contactDetails } from '../../app/siteConfig';

export function Footer({ siteDomain }: { siteDomain?: string }) {
  const { t } = useTranslation('shell');
  const contact = contactDetails(siteDomain);
  return (
    <footer id="contact" className="atm-footer" tabIndex={-1}>
      <div className="atm-footer__grid">
        <section>
          <h2>{t('footer.organization')}</h2>
          <p>{t('footer.description')}</p>
        </section>
        <section>
          <h2>{t('footer.contactTitle')}</h2>
          {/* Static text, not links: the spec lists contact details as text. */}
          <dl>
            <dt>{t('footer.email')}</dt>
            <dd>{contact.email}</dd>
            <dt>{t('footer.phone')}</dt>
            <dd>{contact.phone}</dd>
            <dt>{t('footer.address')}</dt>
            <dd>{t('footer.addressValue')}</dd>
          </dl>
        </section>
      </div>
      <p className="atm-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
