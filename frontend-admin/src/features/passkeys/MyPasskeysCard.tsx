import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, List, Skeleton, Typography } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { PasskeyDto } from 'contract/api-types';
import { useGetMyPasskeysQuery, useRemovePasskeyMutation } from '../../api/adminApi';
import { useConfirmRemoval } from '../../app/useConfirmRemoval';
import { useAdminTranslation } from '../../i18n';
import { AddPasskeyDialog } from './AddPasskeyDialog';

/** The current administrator's passkeys: when each was registered and last used; add one, remove one. */
export function MyPasskeysCard() {
  const { t, i18n } = useAdminTranslation();
  const confirmRemoval = useConfirmRemoval();
  const { data: passkeys = [], isLoading, isError, refetch } = useGetMyPasskeysQuery();
  const [removePasskey] = useRemovePasskeyMutation();
  const [adding, setAdding] = useState(false);
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const confirmRemove = (passkey: PasskeyDto) =>
    confirmRemoval({
      title: t('passkeys.removeTitle'),
      content: t('passkeys.removeConfirm', { name: passkey.name }),
      okText: t('passkeys.remove'),
      remove: () => removePasskey(passkey.id).unwrap(),
      done: t('passkeys.removed', { name: passkey.name }),
      failed: t('passkeys.removeFailed'),
    });

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('passkeys.title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
      data-testid="passkeys-card"
    >
      <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 240px' }}>
          {t('passkeys.hint')}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('passkeys.add')}
        </Button>
      </Flex>
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('passkeys.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : passkeys.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passkeys.empty')} />
      ) : (
        <List
          dataSource={passkeys}
          rowKey="id"
          renderItem={(passkey) => (
            <List.Item data-testid="passkey-row">
              <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
                <Flex gap={12} align="start">
                  <KeyOutlined style={{ fontSize: 24 }} aria-hidden />
                  <div>
                    <Typography.Text strong>{passkey.name}</Typography.Text>
                    <div>
                      {t('passkeys.registered', { date: format.format(new Date(passkey.createdAt)) })}
                    </div>
                    <Typography.Text type="secondary">
                      {passkey.lastUsedAt
                        ? t('passkeys.lastUsed', { date: format.format(new Date(passkey.lastUsedAt)) })
                        : t('passkeys.neverUsed')}
                    </Typography.Text>
                  </div>
                </Flex>
                <Button
                  danger
                  onClick={() => confirmRemove(passkey)}
                  aria-label={t('passkeys.removeLabel', { name: passkey.name })}
                >
                  {t('passkeys.remove')}
                </Button>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}
