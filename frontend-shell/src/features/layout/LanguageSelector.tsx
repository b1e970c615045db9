import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type Language } from 'frontend-common';
import { MexicoFlag, UsFlag } from './Flags';

const FLAGS: Record<Language, () => React.JSX.Element> = { es: MexicoFlag, en: UsFlag };

/** ES/EN toggle. Two real buttons (aria-pressed) are smaller and more accessible than a dropdown. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  return (
    <div className="atm-lang" role="group" aria-label={t('topbar.language')}>
      {SUPPORTED_LANGUAGES.map((lng) => {
        const Flag = FLAGS[lng];
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            className="atm-lang__button"
            aria-pressed={i18n.language === lng}
            aria-label={t(`topbar.languages.${lng}`)}
            onClick={() => void i18n.changeLanguage(lng)}
          >
            <Flag />
            <span aria-hidden="true">{lng.toUpperCase()}</span>
          </button>
        );
      })}
    </div>
  );
}
