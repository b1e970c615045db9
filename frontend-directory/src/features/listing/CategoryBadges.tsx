import { useTranslation } from 'react-i18next';
import { splitBadges } from './badges';

export function CategoryBadges({ categories }: { categories: readonly string[] }) {
  const { t } = useTranslation('directory');
  const { shown, hidden } = splitBadges(categories);
  return (
    <ul className="atm-dir-badges">
      {shown.map((category) => (
        <li key={category} className="atm-dir-tag">
          {category}
        </li>
      ))}
      {hidden.length > 0 && (
        <li className="atm-dir-tag" title={hidden.join(', ')}>
          <span aria-hidden="true">{t('card.more', { count: hidden.length })}</span>
          <span className="atm-visually-hidden">
            {t('card.moreLabel', { count: hidden.length, names: hidden.join(', ') })}
          </span>
        </li>
      )}
    </ul>
  );
}
