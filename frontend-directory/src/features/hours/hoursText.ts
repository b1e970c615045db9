import type { TFunction } from 'i18next';
import { openingStatus, shopTimeZone, weekOf, type Week } from 'contract';

/** A time of day as the language writes it: 24 hours in Spanish (9:00, 19:00), 12 in English (7:00 PM). */
export function timeOfDay(minutes: number, language: string): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, '0');
  if (language.startsWith('es')) return `${hour}:${minute}`;
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

const DAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const dayName = (t: TFunction, day: number) => t(`hours.days.${DAY_KEYS[day]}`);

/** A shop's week and time zone, or null when it has no hours. */
export function shopWeek(shop: {
  openingHours?: string | null;
  state: string;
}): { week: Week; zone: string } | null {
  const week = weekOf(shop.openingHours);
  return week ? { week, zone: shopTimeZone(shop.state) } : null;
}

/**
 * "Abierto ahora · cierra a las 19:00", "Cerrado · abre mañana a las 9:00", "Open 24 hours"...:
 * the state at `now` in the shop's zone and when it next changes.
 */
export function statusText(t: TFunction, language: string, week: Week, zone: string, now: number) {
  const { open, next } = openingStatus(week, zone, now);
  if (!next) return { open, text: t(open ? 'hours.always' : 'hours.neverOpen') };
  const time = timeOfDay(next.minutes, language);
  const when =
    next.inDays === 0
      ? t(open ? 'hours.at' : 'hours.today', { time })
      : next.inDays === 1
        ? t('hours.tomorrow', { time })
        : t('hours.onDay', { day: dayName(t, next.day), time });
  return { open, text: t(open ? 'hours.openNow' : 'hours.closedNow', { when }) };
}
