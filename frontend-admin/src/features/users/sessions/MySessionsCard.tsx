import { Alert, Button, Card, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { DesktopOutlined, LogoutOutlined, MobileOutlined, TabletOutlined } from '@ant-design/icons';
import type { AdminSessionDto } from 'contract/api-types';
import {
  useEndMyOtherSessionsMutation,
  useEndMySessionMutation,
  useGetMySessionsQuery,
} from '../../../api/adminApi';
import { useToast } from '../../../app/useToast';
import { useAdminTranslation } from '../../../i18n';

const DEVICE_ICONS = {
  desktop: DesktopOutlined,
  mobile: MobileOutlined,
  tablet: TabletOutlined,
  other: DesktopOutlined,
};

/** "Firefox 133 · Linux", or what the page says when the browser did not tell. */
export function deviceName(session: AdminSessionDto, unknown: string): string {
  return [session.browser, session.os].filter(Boolean).join(' · ') || unknown;
}

/** The current administrator's sessions: where and when each started and was last used; end one or all others. */
export function MySessionsCard() {
  const { t, i18n, errorText } = useAdminTranslation();
  const toast = useToast();
  const { data: sessions = [], isLoading, isError, refetch } = useGetMySessionsQuery();
  const [endOne, { isLoading: endingOne, originalArgs: endingId }] = useEndMySessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndMyOtherSessionsMutation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const when = (value: string | null) => (value ? format.format(new Date(value)) : t('sessions.unknown'));
  const others = sessions.filter((session) => !session.current).length;

  const end = async (session: AdminSessionDto) => {
    try {
      await endOne(session.id).unwrap();
      toast.success(t('sessions.ended', { device: deviceName(session, t('sessions.unknownDevice')) }));
    } catch (failure) {
      toast.error(t('sessions.endFailed'), errorText(failure, '') || undefined);
    }
  };
  const endAllOthers = async () => {
    try {
      const { ended } = await endOthers().unwrap();
      toast.success(t('sessions.othersEnded', { count: ended }));
    } catch (failure) {
      toast.error(t('sessions.endFailed'), errorText(failure, '') || undefined);
    }
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('sessions.title')}
        </Typography.Title>
      }
      style={{ marginTop: 16 }}
    >
      <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 8 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 240px' }}>
          {t('sessions.hint')}
        </Typography.Paragraph>
        <Button
          icon={<LogoutOutlined />}
          onClick={endAllOthers}
          loading={endingOthers}
          disabled={others === 0}
        >
          {t('sessions.endOthers')}
        </Button>
      </Flex>
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert
          type="error"
          showIcon
          title={t('sessions.loadError')}
          action={<Button onClick={() => refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <List
          dataSource={sessions}
          rowKey="id"
          renderItem={(session) => {
            const Icon = DEVICE_ICONS[session.deviceType] ?? DesktopOutlined;
            const device = deviceName(session, t('sessions.unknownDevice'));
            return (
              <List.Item data-testid="session-row">
                <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
                  <Flex gap={12} align="start">
                    <Icon style={{ fontSize: 24 }} aria-hidden />
                    <div>
                      <Flex gap={8} wrap>
                        <Typography.Text strong>{device}</Typography.Text>
                        {session.current && <Tag color="blue">{t('sessions.current')}</Tag>}
                      </Flex>
                      <div>
                        {t('sessions.address', { address: session.address ?? t('sessions.unknown') })}
                      </div>
                      <Typography.Text type="secondary">
                        {t('sessions.times', {
                          started: when(session.startedAt),
                          lastSeen: when(session.lastSeenAt),
                        })}
                      </Typography.Text>
                    </div>
                  </Flex>
                  {!session.current && (
                    <Button
                      onClick={() => end(session)}
                      loading={endingOne && endingId === session.id}
                      aria-label={t('sessions.endOneLabel', { device })}
                    >
                      {t('sessions.endOne')}
                    </Button>
                  )}
                </Flex>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
