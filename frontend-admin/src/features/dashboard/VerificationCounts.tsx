import { Button, Card, Col, Row, Statistic } from 'antd';
import { memo } from 'react';
import { useAdminTranslation } from '../../i18n';
import type { VerificationFilter } from './shopListParams';

interface VerificationCountsProps {
  expiringSoon: number | undefined;
  expired: number | undefined;
  /** The list's verification filter now. */
  current: VerificationFilter;
  onFilter: (filter: VerificationFilter) => void;
}

/**
 * The certificates that need the administrators: ending within 30 days, and ended. Each count is
 * a button that filters the list to those shops (again: the whole list), and says it is pressed.
 */
export const VerificationCounts = memo(function VerificationCounts({
  expiringSoon,
  expired,
  current,
  onFilter,
}: VerificationCountsProps) {
  const { t } = useAdminTranslation();
  const count = (filter: 'expiring' | 'expired', value: number | undefined) => (
    <Col xs={24} md={12}>
      <Card>
        <Statistic title={t(`dashboard.stats.${filter}`)} value={value ?? '—'} />
        <Button
          type="link"
          style={{ padding: 0 }}
          aria-pressed={current === filter}
          onClick={() => onFilter(current === filter ? 'all' : filter)}
        >
          {t(current === filter ? 'dashboard.stats.showAll' : `dashboard.stats.show.${filter}`)}
        </Button>
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {count('expiring', expiringSoon)}
      {count('expired', expired)}
    </Row>
  );
});
