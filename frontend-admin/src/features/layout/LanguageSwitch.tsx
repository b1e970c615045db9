import { Radio } from 'antd';
import { chooseLanguage, isLanguage, SUPPORTED_LANGUAGES } from 'frontend-common';
import { useAdminTranslation } from '../../i18n';

/** ES/EN switch: the shell's top bar is not shown on admin pages, so the admin brings its own. */
export function LanguageSwitch() {
  const { t, i18n } = useAdminTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'es';
  return (
    // Radio buttons, not antd's Segmented: that one puts a <div> inside each option's <label>,
    // which HTML does not allow (the Nu checker's error on every admin page).
    <Radio.Group
      size="small"
      optionType="button"
      buttonStyle="solid"
      aria-label={t('common.language')}
      value={current}
      onChange={({ target: { value } }) => {
        if (isLanguage(value)) void chooseLanguage(value);
      }}
      options={SUPPORTED_LANGUAGES.map((lng) => ({
        value: lng,
        label: <span title={t(`language.${lng}`)}>{lng.toUpperCase()}</span>,
      }))}
    />
  );
}
