import { useTranslation } from 'react-i18next';

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pageList(current: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? [0, p] : [p]));
}

/**
 * A small page navigator. antd Pagination would bring antd Select along (its size changer) for
 * a feature this listing does not offer.
 */
export function Pager({
  current,
  pageCount,
  onChange,
}: {
  current: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('directory');
  return (
    <nav className="atm-dir-pagination" aria-label={t('pagination.label')}>
      <button
        type="button"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
        aria-label={t('pagination.previous')}
      >
        ‹
      </button>
      {pageList(current, pageCount).map((page, i) =>
        page === 0 ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            aria-current={page === current ? 'page' : undefined}
            aria-label={t('pagination.page', { page })}
            onClick={() => onChange(page)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        disabled={current >= pageCount}
        onClick={() => onChange(current + 1)}
        aria-label={t('pagination.next')}
      >
        ›
      </button>
    </nav>
  );
}
