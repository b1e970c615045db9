import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { chooseLanguage, SUPPORTED_LANGUAGES, twinPath, type Language } from 'frontend-common';
import { MexicoFlag, UsFlag } from './Flags';

const FLAGS: Record<Language, () => React.JSX.Element> = { es: MexicoFlag, en: UsFlag };

/**
 * ES/EN toggle. Two real buttons (aria-pressed) are smaller and more accessible than a dropdown.
 * A choice is remembered and moves a public page to its twin in that language ('/' and '/en/',
 * '/shops/x' and '/en/shops/x'), keeping the filters; a page without a twin (404) just switches.
 */
export function LanguageSelector() {
  const { t, i18n } = useTranslation('shell');
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const choose = (language: Language) => {
    void chooseLanguage(language);
    const twin = twinPath(pathname, language);
    if (twin && twin !== pathname) navigate(`${twin}${search}${hash}`);
  };
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
            onClick={() => choose(lng)}
          >
            <Flag />
            <span aria-hidden="true">{lng.toUpperCase()}</span>
          </button>
        );
      })}
    </div>
  );
}
