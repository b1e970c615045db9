import { App } from 'antd';
import { useAdminTranslation } from '../i18n';
import { DESTRUCTIVE_CONFIRM } from './destructiveConfirm';
import { useToast } from './useToast';

/** What one removal's confirmation says, what it does, and the toasts after it. */
export interface Removal {
  title: string;
  content: string;
  okText: string;
  remove: () => Promise<unknown>;
  /** The success toast's title. */
  done: string;
  /** The failure toast's title (the server's reason, when it gave one, below it). */
  failed: string;
}

/**
 * Asks before removing something of the administrator's own (a passkey, the authenticator app,
 * another admin's second factors), with the destructive confirmation's red button and focus on
 * Cancel, then removes it and says how it went.
 */
export function useConfirmRemoval(): (removal: Removal) => void {
  const { t, errorText } = useAdminTranslation();
  const toast = useToast();
  const { modal } = App.useApp();
  return ({ title, content, okText, remove, done, failed }) => {
    modal.confirm({
      title,
      content,
      okText,
      cancelText: t('common.cancel'),
      ...DESTRUCTIVE_CONFIRM,
      onOk: async () => {
        try {
          await remove();
          toast.success(done);
        } catch (failure) {
          toast.error(failed, errorText(failure, '') || undefined);
        }
      },
    });
  };
}
