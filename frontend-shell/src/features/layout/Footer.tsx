import { useTranslation } from 'react-i18next';
import { languageOfPath, listMyShopPath } from 'frontend-common';
import { useLocation } from 'react-router-dom';
import { contactDetails } from '../../app/siteConfig';

export function Footer({ siteDomain }: { siteDomain?: string }) {
  const { t } = useTranslation('shell');
  const contact = contactDetails(siteDomain);
  const language = languageOfPath(useLocation().pathname);
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
        <section>
          <h2>{t('footer.listMyShop.title')}</h2>
          <p>{t('footer.listMyShop.text')}</p>
          <a className="atm-footer__link" href={listMyShopPath(language)}>
            {t('footer.listMyShop.link')}
          </a>
        </section>
      </div>
      <p className="atm-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
