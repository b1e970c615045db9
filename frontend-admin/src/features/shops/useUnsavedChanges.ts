import { useCallback, useEffect } from 'react';
import { App } from 'antd';
import { DESTRUCTIVE_CONFIRM } from '../../app/destructiveConfirm';
import { useAdminTranslation } from '../../i18n';

/**
 * Keeps unsaved edits from being lost. The shell renders a `BrowserRouter`, not a data router,
 * so react-router's `useBlocker` is not available: a `beforeunload` listener covers closing
 * the tab, reloading and leaving the site, and `confirmLeave` asks before the form's own
 * Back/Cancel buttons navigate.
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useAdminTranslation();
  const { modal } = App.useApp();

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  /** Runs `leave` at once when nothing is unsaved, after a confirmation otherwise. */
  return useCallback(
    (leave: () => void) => {
      if (!dirty) return leave();
      modal.confirm({
        title: t('shopForm.unsaved.title'),
        content: t('shopForm.unsaved.content'),
        okText: t('shopForm.unsaved.ok'),
        ...DESTRUCTIVE_CONFIRM,
        cancelText: t('shopForm.unsaved.cancel'),
        onOk: leave,
      });
    },
    [dirty, modal, t],
  );
}
