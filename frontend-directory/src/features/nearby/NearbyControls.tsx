import { useTranslation } from 'react-i18next';
import { RADIUS_OPTIONS_KM, parseRadius, type RadiusKm } from './distance';
import { formatDistance } from './formatDistance';
import type { PositionState } from './useVisitorPosition';
import type { ListingView } from './useNearbyParams';
import './nearby.css';

interface NearbyControlsProps {
  byDistance: boolean;
  radius: RadiusKm | null;
  position: PositionState;
  view: ListingView;
  onNearMe: () => void;
  onRadius: (radius: RadiusKm | null) => void;
  onView: (view: ListingView) => void;
}

/** The state filter the failure messages point to (FilterBar's select). */
const STATE_FILTER_ID = 'atm-dir-filter-state';

/**
 * "Near me", the radius and the list/map switch, beside the filters. Plain controls like the
 * rest of the first screen (no antd). A failure keeps the list as it was and says what to do.
 */
export function NearbyControls({
  byDistance,
  radius,
  position,
  view,
  onNearMe,
  onRadius,
  onView,
}: NearbyControlsProps) {
  const { t, i18n } = useTranslation('directory');
  const locating = position.status === 'locating';

  return (
    <div className="atm-dir-nearby">
      <div className="atm-dir-nearby__row">
        <button
          type="button"
          className="atm-dir-nearby__button"
          aria-pressed={byDistance}
          aria-describedby="atm-dir-nearby-status"
          onClick={onNearMe}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
              fill="currentColor"
            />
          </svg>
          {t('nearby.button')}
        </button>
        {byDistance && (
          <div className="atm-dir-nearby__radius">
            <label htmlFor="atm-dir-nearby-radius">{t('nearby.radius.label')}</label>
            <select
              id="atm-dir-nearby-radius"
              className="atm-dir-filters__select"
              value={radius ?? ''}
              onChange={(event) => onRadius(parseRadius(event.target.value))}
            >
              <option value="">{t('nearby.radius.any')}</option>
              {RADIUS_OPTIONS_KM.map((km) => (
                <option key={km} value={km}>
                  {t('nearby.radius.within', { distance: formatDistance(km, i18n.language) })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="atm-dir-view-toggle" role="group" aria-label={t('view.label')}>
          {(['list', 'map'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              className="atm-dir-view-toggle__button"
              onClick={() => onView(value)}
            >
              {t(`view.${value}`)}
            </button>
          ))}
        </div>
      </div>
      <p id="atm-dir-nearby-status" className="atm-dir-nearby__status" aria-live="polite">
        {locating ? t('nearby.locating') : ''}
      </p>
      {position.status === 'failed' && (
        <div className="atm-dir-nearby__failure" role="alert">
          <p>{t(`nearby.failure.${position.failure}`)}</p>
          <button
            type="button"
            className="atm-dir-link-button"
            onClick={() => document.getElementById(STATE_FILTER_ID)?.focus()}
          >
            {t('nearby.chooseState')}
          </button>
        </div>
      )}
    </div>
  );
}
