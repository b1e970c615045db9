import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { localTime } from 'contract';
import type { Shop } from 'frontend-common';
import { useNow } from '../../app/clock';
import { dayName, shopWeek, statusText, timeOfDay } from './hoursText';
import './hours.css';

/**
 * A shop's opening hours on its page: whether it is open now and until when (in the shop's own
 * time zone, whatever the visitor's), the week with today marked, and the shop's note.
 */
export function OpeningHours({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('directory');
  const now = useNow();
  const hours = shopWeek(shop);
  if (!hours && !shop.hoursNote) return null;
  const today = hours ? localTime(now, hours.zone).day : -1;
  const status = hours ? statusText(t, i18n.language, hours.week, hours.zone, now) : null;
  return (
    <section className="atm-dir-hours">
      <h2>{t('hours.title')}</h2>
      {status && (
        <p
          className={
            status.open ? 'atm-dir-hours__status atm-dir-hours__status--open' : 'atm-dir-hours__status'
          }
        >
          {status.text}
        </p>
      )}
      {hours && (
        <table className="atm-dir-hours__week">
          <caption className="atm-visually-hidden">{t('hours.weekCaption')}</caption>
          <tbody>
            {hours.week.map((intervals, day) => (
              <tr key={day} aria-current={day === today ? 'date' : undefined}>
                <th scope="row">{dayName(t, day)}</th>
                <td>
                  {intervals.length
                    ? intervals.map(([start, end], index) => (
                        // On a narrow phone a line may break after a comma or a dash, never in a time.
                        <Fragment key={start}>
                          {index > 0 && ', '}
                          <span className="atm-dir-hours__time">{timeOfDay(start, i18n.language)}</span>–
                          <wbr />
                          <span className="atm-dir-hours__time">{timeOfDay(end, i18n.language)}</span>
                        </Fragment>
                      ))
                    : t('hours.closed')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shop.hoursNote && <p className="atm-dir-hours__note">{shop.hoursNote}</p>}
    </section>
  );
}

/** The small open/closed mark of a card; nothing for a shop without hours. */
export function OpenMark({ shop }: { shop: Shop }) {
  const { t, i18n } = useTranslation('directory');
  const now = useNow();
  const hours = shopWeek(shop);
  if (!hours) return null;
  const status = statusText(t, i18n.language, hours.week, hours.zone, now);
  return (
    <p className={status.open ? 'atm-dir-open atm-dir-open--open' : 'atm-dir-open'}>
      <span className="atm-dir-open__dot" aria-hidden="true" />
      {status.text}
    </p>
  );
}
