import type { AdminRequestDto } from '../../../api/generated';
import { useAdminTranslation } from '../../../i18n';

/** A listing request's shop in a few words (as text): where it is and how to reach it. */
export function ListingSummary({ request }: { request: AdminRequestDto }) {
  const { t } = useAdminTranslation();
  const shop = request.proposedShop;
  if (!shop) return null;
  return (
    <dl className="atm-requests__diff">
      <dt>{t('shopForm.fields.city')}</dt>
      <dd>{[shop.city, shop.state].join(', ')}</dd>
      <dt>{t('shopForm.fields.phone')}</dt>
      <dd>{shop.phone}</dd>
      <dt>{t('shopForm.sections.categories')}</dt>
      <dd>{shop.categories.join(', ')}</dd>
    </dl>
  );
}
