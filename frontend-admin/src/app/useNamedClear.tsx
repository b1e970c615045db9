import { useMemo } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { useAdminTranslation } from '../i18n';

/**
 * `allowClear` for a text input whose clear button says what it does: antd draws that button
 * with only an icon, and icons are decoration (frontend-common/src/icons), so the button carries
 * its name as visually hidden text.
 */
export function useNamedClear() {
  const { t } = useAdminTranslation();
  return useMemo(
    () => ({
      clearIcon: (
        <>
          <CloseCircleFilled />
          <span className="atm-visually-hidden">{t('common.clear')}</span>
        </>
      ),
    }),
    [t],
  );
}
