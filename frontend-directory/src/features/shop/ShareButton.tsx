import { useTranslation } from 'react-i18next';

interface ShareButtonProps {
  url: string;
  title: string;
  text: string;
  /** Says what happened (the copy-link fallback's confirmation, or its failure). */
  onResult: (message: string) => void;
}

/**
 * The Web Share API where the browser has it (phones: the system's share sheet), otherwise the
 * link copied to the clipboard with a confirmation. Decided on click, not at render, so the
 * server's markup and the browser's first render are the same button.
 */
export function ShareButton({ url, title, text, onResult }: ShareButtonProps) {
  const { t } = useTranslation('directory');
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url, title, text });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return; // the visitor closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      onResult(t('shop.copied'));
    } catch {
      onResult(t('shop.copyFailed', { url }));
    }
  };
  return (
    <button type="button" className="atm-dir-button atm-shop__action" onClick={() => void share()}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="18" cy="5" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="6" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="18" cy="19" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8.6 10.5l6.8-4M8.6 13.5l6.8 4" stroke="currentColor" strokeWidth="2" />
      </svg>
      {t('shop.share')}
    </button>
  );
}
