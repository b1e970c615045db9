import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router-dom';

/** Page numbers to show: first, last, and a window around the current page; 0 marks a gap. */
export function pageList(current: number, pageCount: number): number[] {
  const pages = new Set([1, pageCount, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? [0, p] : [p]));
}

/**
 * A small page navigator of real links (`?page=N` with the filters kept), so the server-rendered
 * listing pages through without JavaScript and crawlers find every shop. antd Pagination would
 * bring antd Select along (its size changer) for a feature this listing does not offer.
 */
export function Pager({
  current,
  pageCount,
  hrefOf,
  onNavigate,
}: {
  current: number;
  pageCount: number;
  /** The link target of a page (this path with the page in its query). */
  hrefOf: (page: number) => To;
  /** Called when a page link is followed in the browser (e.g. to scroll to the results). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('directory');
  const step = (page: number, label: string, text: string, enabled: boolean) =>
    enabled ? (
      <Link to={hrefOf(page)} aria-label={label} rel={page < current ? 'prev' : 'next'} onClick={onNavigate}>
        {text}
      </Link>
    ) : (
      // The current end of the list: shown, not a link (a link to nowhere would be read out).
      <span aria-hidden="true" className="atm-dir-pagination__disabled">
        {text}
      </span>
    );
  return (
    <nav className="atm-dir-pagination" aria-label={t('pagination.label')}>
      {step(current - 1, t('pagination.previous'), '‹', current > 1)}
      {pageList(current, pageCount).map((page, i) =>
        page === 0 ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={page}
            to={hrefOf(page)}
            aria-current={page === current ? 'page' : undefined}
            aria-label={t('pagination.page', { page })}
            onClick={onNavigate}
          >
            {page}
          </Link>
        ),
      )}
      {step(current + 1, t('pagination.next'), '›', current < pageCount)}
    </nav>
  );
}
