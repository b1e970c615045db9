import { Button, Card, Flex, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ShopDto, VerificationPeriodDto } from 'contract/api-types';
import { useDownloadCertificateMutation, useGetVerificationPeriodsQuery } from '../../../api/adminApi';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';

const PAPERS = ['a4', 'letter'] as const;

/**
 * The shop's certificate to print (A4 or letter) and every period of its verification, the
 * latest first: renewals keep the earlier ones.
 */
export function VerificationPeriods({ shop }: { shop: ShopDto }) {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { data: periods, isLoading } = useGetVerificationPeriodsQuery(shop.id);
  const [download, { isLoading: downloading }] = useDownloadCertificateMutation();
  const day = (value: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${value}T12:00:00Z`));
  const onDownload = async (paper: (typeof PAPERS)[number]) => {
    try {
      await download({ id: shop.id, paper }).unwrap();
    } catch (failure) {
      toast.error(t('common.error'), errorText(failure, t('shopForm.verification.downloadFailed')));
    }
  };
  return (
    <Card title={t('shopForm.verification.periods')} className="atm-admin__section">
      {shop.certificateNumber && (
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {PAPERS.map((paper) => (
            <Button
              key={paper}
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => onDownload(paper)}
            >
              {t('shopForm.verification.download', { paper: t(`shopForm.verification.papers.${paper}`) })}
            </Button>
          ))}
        </Flex>
      )}
      <Table<VerificationPeriodDto>
        size="small"
        loading={isLoading}
        pagination={false}
        // Four columns are wider than a 320 px phone: the table scrolls inside its card, not the page.
        scroll={{ x: true }}
        rowKey={(period) => `${period.recordedAt}-${period.certificateNumber}`}
        dataSource={periods ?? []}
        locale={{
          emptyText: (
            <Typography.Text type="secondary">{t('shopForm.verification.noPeriods')}</Typography.Text>
          ),
        }}
        columns={[
          { title: t('shopForm.verification.columns.number'), dataIndex: 'certificateNumber' },
          {
            title: t('shopForm.verification.columns.period'),
            render: (_value, period) =>
              `${day(period.verifiedOn)} – ${period.validUntil ? day(period.validUntil) : t('shopForm.verification.noEnd')}`,
          },
          {
            title: t('shopForm.verification.columns.by'),
            render: (_value, period) => period.verifiedByName ?? t('shopForm.verification.byNobody'),
          },
          { title: t('shopForm.verification.columns.note'), dataIndex: 'note' },
        ]}
      />
    </Card>
  );
}
