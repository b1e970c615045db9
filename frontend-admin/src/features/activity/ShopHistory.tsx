import { Alert, Card, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useGetActivityQuery } from '../../api/adminApi';
import { useAdminPath } from '../../app/basePath';
import { useAdminTranslation } from '../../i18n';
import { actorText, detailLines } from './activityText';

/** Entries the edit page shows; the activity page has the rest. */
const RECENT_ENTRIES = 5;

/** A shop's recent history on its edit page, headed by "last changed by X on date". */
export function ShopHistory({ shopId }: { shopId: string }) {
  const { t, i18n } = useAdminTranslation();
  const adminPath = useAdminPath();
  const { data, isError } = useGetActivityQuery(
    { shopId, pageSize: RECENT_ENTRIES },
    { refetchOnMountOrArgChange: true },
  );
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const [last] = data?.items ?? [];
  return (
    <Card title={t('shopForm.history.title')} className="atm-admin__section" data-testid="shop-history">
      {isError ? (
        <Alert type="warning" showIcon title={t('shopForm.history.loadError')} />
      ) : !data ? null : !last ? (
        <Typography.Text type="secondary">{t('shopForm.history.none')}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph strong>
            {t('shopForm.history.lastChanged', {
              name: actorText(t, last),
              date: when.format(new Date(last.at)),
            })}
          </Typography.Paragraph>
          <ul className="atm-admin__history">
            {data.items.map((entry) => (
              <li key={entry.id}>
                <Typography.Text>
                  <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time> ·{' '}
                  {t(`activity.kinds.${entry.kind}`)} · {actorText(t, entry)}
                </Typography.Text>
                {detailLines(t, entry).map((line, index) => (
                  <div key={index}>
                    <Typography.Text type="secondary">{line}</Typography.Text>
                  </div>
                ))}
              </li>
            ))}
          </ul>
          <Link to={adminPath(`/activity?shopId=${encodeURIComponent(shopId)}`)}>
            {t('shopForm.history.all')}
          </Link>
        </>
      )}
    </Card>
  );
}
