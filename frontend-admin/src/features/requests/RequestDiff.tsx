import type { AdminRequestDto } from '../../api/generated';
import { useAdminTranslation } from '../../i18n';

/**
 * The shop's current value beside the visitor's proposal, as text: React writes both as text
 * nodes, so markup or a `javascript:` URL a visitor typed shows as the characters it is and is
 * never a link.
 */
export function RequestDiff({ request }: { request: AdminRequestDto }) {
  const { t } = useAdminTranslation();
  const none = <span className="atm-requests__none">{t('requests.diff.none')}</span>;
  return (
    <dl className="atm-requests__diff">
      {request.kind !== 'other' && (
        <>
          <dt>{t('requests.diff.current')}</dt>
          <dd>{request.currentValue ? <del>{request.currentValue}</del> : none}</dd>
        </>
      )}
      <dt>{t('requests.diff.proposed')}</dt>
      <dd>
        {request.kind === 'closed' ? (
          <ins>{t('requests.kind.closed')}</ins>
        ) : request.proposedValue ? (
          <ins>{request.proposedValue}</ins>
        ) : (
          none
        )}
      </dd>
      {request.comment && (
        <>
          <dt>{t('requests.diff.comment')}</dt>
          <dd className="atm-requests__comment">{request.comment}</dd>
        </>
      )}
    </dl>
  );
}
