import { useTranslation } from 'react-i18next';

/**
 * The directory's hero. It belongs to the shell, not to the directory remote, because it is
 * painted from static HTML before any JavaScript (public/index.html has the same markup in both
 * languages; staticFrame.test.tsx keeps the two equal): the largest text of the first screen
 * should not wait for three bundles and a remote on a slow phone. A div, not a header: the top
 * bar is the page's one banner landmark.
 */
export function Hero() {
  const { t } = useTranslation('shell');
  return (
    <div className="atm-hero">
      <h1 className="atm-hero__title">
        <span>{t('hero.title')}</span> <span className="atm-hero__subtitle">{t('hero.subtitle')}</span>
      </h1>
      <p className="atm-hero__description">{t('hero.description')}</p>
    </div>
  );
}
