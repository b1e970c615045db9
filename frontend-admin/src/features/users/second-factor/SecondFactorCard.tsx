import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, List, Modal, Skeleton, Typography } from 'antd';
import { DeleteOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  useGetMeQuery,
  useGetMySecondFactorsQuery,
  useRemoveTotpMutation,
  useSetMfaPolicyMutation,
} from '../../../api/adminApi';
import { useConfirmRemoval } from '../../../app/useConfirmRemoval';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';
import { TotpEnrolment } from '../../auth/second-factor/TotpEnrolment';

/**
 * The current administrator's second factors (set up or remove an authenticator app, recovery
 * codes left) and the policy that requires one for every administrator.
 */
export function SecondFactorCard() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const confirmRemoval = useConfirmRemoval();
  const { data: me } = useGetMeQuery();
  const { data, isLoading, isError, refetch } = useGetMySecondFactorsQuery();
  const [removeTotp] = useRemoveTotpMutation();
  const [setPolicy, { isLoading: savingPolicy }] = useSetMfaPolicyMutation();
  const [enrolling, setEnrolling] = useState(false);
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'medium' });
  const hasTotp = data?.factors.some((factor) => factor.kind === 'totp') ?? false;

  const confirmRemove = () =>
    confirmRemoval({
      title: t('mfa.card.removeTitle'),
      content: t('mfa.card.removeConfirm'),
      okText: t('mfa.card.remove'),
      remove: () => removeTotp().unwrap(),
      done: t('mfa.card.removed'),
      failed: t('mfa.card.removeFailed'),
    });

  const changePolicy = async (required: boolean) => {
    try {
      await setPolicy({ required }).unwrap();
      toast.success(required ? t('mfa.card.policyOn') : t('mfa.card.policyOff'));
    } catch (failure) {
      toast.error(t('mfa.card.policyFailed'), errorText(failure, '') || undefined);
    }
  };

  return (
    <Card
      style={{ marginTop: 16 }}
      data-testid="second-factor-card"
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('mfa.card.title')}
        </Typography.Title>
      }
    >
      {isLoading ? (
        <Skeleton active />
      ) : isError || !data ? (
        <Alert
          type="error"
          showIcon
          title={t('mfa.card.loadFailed')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Flex vertical gap={16}>
          {data.factors.length === 0 ? (
            <Typography.Text>{t('mfa.card.none')}</Typography.Text>
          ) : (
            <List
              dataSource={data.factors}
              renderItem={(factor) => (
                <List.Item>
                  {/* Wraps under the name on a phone instead of squeezing it. */}
                  <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                    {/* Not List.Item.Meta: its title is an h4, below this card's h2. */}
                    <Flex gap={12} align="start" style={{ flex: '1 1 220px' }}>
                      <SafetyCertificateOutlined style={{ fontSize: 20 }} aria-hidden />
                      <div>
                        <Typography.Text strong>{t(`mfa.card.${factor.kind}`)}</Typography.Text>
                        <div>
                          <Typography.Text type="secondary">
                            {t('mfa.card.addedAt', { date: format.format(new Date(factor.addedAt)) })}
                          </Typography.Text>
                        </div>
                      </div>
                    </Flex>
                    {factor.kind === 'totp' && (
                      <Button danger icon={<DeleteOutlined />} onClick={confirmRemove}>
                        {t('mfa.card.remove')}
                      </Button>
                    )}
                  </Flex>
                </List.Item>
              )}
            />
          )}
          {hasTotp && (
            <Typography.Text type="secondary">
              {t('mfa.card.recoveryLeft', { count: data.recoveryCodesLeft })}
            </Typography.Text>
          )}
          {!hasTotp && (
            <div>
              <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setEnrolling(true)}>
                {t('mfa.enrol.start')}
              </Button>
            </div>
          )}
          <Flex gap={12} align="center" wrap>
            {/* A checkbox, not antd's Switch: that one draws a <div> inside its <button>, which
                HTML does not allow. Disabled while the change is saved. */}
            <Checkbox
              checked={data.required}
              disabled={data.requiredByServer || savingPolicy}
              onChange={({ target: { checked } }) => void changePolicy(checked)}
            >
              {t('mfa.card.policy')}
            </Checkbox>
            {data.requiredByServer && (
              <Typography.Text type="secondary">{t('mfa.card.policyByServer')}</Typography.Text>
            )}
          </Flex>
        </Flex>
      )}
      {enrolling && me && (
        <Modal
          open
          title={t('mfa.card.title')}
          footer={null}
          onCancel={() => setEnrolling(false)}
          destroyOnHidden
        >
          <TotpEnrolment username={me.username} onDone={() => setEnrolling(false)} />
        </Modal>
      )}
    </Card>
  );
}
