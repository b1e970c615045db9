import { useTranslation } from 'react-i18next';

/** A check mark with its word: colour alone never carries the meaning. */
export function VerifiedMark({ long = false }: { long?: boolean }) {
  const { t } = useTranslation('directory');
  return (
    <span className="atm-dir-verified" data-testid="verified-mark">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path
          d="M4.5 8.2l2.3 2.3 4.7-4.9"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      {t(long ? 'detail.verified' : 'card.verified')}
    </span>
  );
}
