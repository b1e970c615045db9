import { Badge, Button } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useAdminTranslation } from '../../i18n';
import { useGetPendingRequestCountQuery } from './requestsApi';

/** "Solicitudes (3)": the way to the queue, with how many requests wait for a decision. */
export function RequestsButton({ onClick }: { onClick: () => void }) {
  const { t } = useAdminTranslation();
  const { data } = useGetPendingRequestCountQuery();
  const pending = data?.pending ?? 0;
  return (
    <Badge count={pending} overflowCount={99} offset={[-4, 0]}>
      <Button icon={<InboxOutlined />} onClick={onClick}>
        {t('requests.menu')}
        {pending > 0 && (
          <span className="atm-visually-hidden"> {t('requests.menuPending', { count: pending })}</span>
        )}
      </Button>
    </Badge>
  );
}
