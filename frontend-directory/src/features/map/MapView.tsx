import { Component, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { languageOfPath, shopPath, type Shop } from 'frontend-common';
import type { GeoPoint } from '../nearby/distance';
import { shopPoint } from '../nearby/distance';
import type { ShopMapProps } from './ShopMap';
import './map.css';

const loadShopMap = () => import(/* webpackChunkName: "map" */ './ShopMap');

interface MapViewProps {
  shops: Shop[];
  /** The visitor, when "near me" found them. */
  position?: GeoPoint;
}

type MapCode =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; ShopMap: ComponentType<ShopMapProps> };

/** An error inside the map (Leaflet, a bad value) shows the retry message, not a blank page. */
class MapLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The "Mapa" half of the listing. Leaflet and the clustering come in their own chunk, downloaded
 * when the map is first shown (never part of `/`'s bundle), and only in the browser: the server
 * rendering and the first paint of a `?view=map` link show the placeholder.
 */
export function MapView({ shops, position }: MapViewProps) {
  const { t } = useTranslation('directory');
  const language = languageOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState<MapCode>({ status: 'loading' });
  // Effects run only in the browser, so the server never loads Leaflet. A failed download
  // (offline, a new deployment) can be tried again: webpack requests a failed chunk anew.
  useEffect(() => {
    let current = true;
    loadShopMap().then(
      (module) => current && setCode({ status: 'ready', ShopMap: module.default }),
      () => current && setCode({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = () => {
    setCode({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  const unlocated = useMemo(() => shops.filter((shop) => !shopPoint(shop)).length, [shops]);
  // A popup's link is the shop's page; a plain click goes there through the router.
  const hrefOf = useMemo(() => (shop: Shop) => shopPath(language, shop.slug), [language]);
  const onOpen = useMemo(() => (shop: Shop) => navigate(hrefOf(shop)), [hrefOf, navigate]);

  const placeholder = (
    <div className="atm-dir-map__canvas atm-dir-map__canvas--placeholder" aria-busy="true">
      <p>{t('map.loading')}</p>
    </div>
  );
  const failed = (
    <div className="atm-dir-map__canvas atm-dir-map__canvas--placeholder" role="alert">
      <p>{t('map.failed')}</p>
      <button type="button" className="atm-dir-button" onClick={retry}>
        {t('map.retry')}
      </button>
    </div>
  );

  return (
    <section className="atm-dir-map" aria-label={t('map.label')}>
      {unlocated > 0 && <p className="atm-dir-map__note">{t('map.unlocated', { count: unlocated })}</p>}
      {code.status === 'loading' && placeholder}
      {code.status === 'failed' && failed}
      {code.status === 'ready' && (
        <MapLoadBoundary key={attempt} fallback={failed}>
          <code.ShopMap shops={shops} position={position} hrefOf={hrefOf} onOpen={onOpen} />
        </MapLoadBoundary>
      )}
    </section>
  );
}
