import { useTranslation } from 'react-i18next';

export function Hero() {
  const { t } = useTranslation('directory');
  return (
    <header className="atm-dir-hero">
      <h1 className="atm-dir-hero__title">
        <span>{t('hero.title')}</span> <span className="atm-dir-hero__subtitle">{t('hero.subtitle')}</span>
      </h1>
      <p className="atm-dir-hero__description">{t('hero.description')}</p>
    </header>
  );
}
