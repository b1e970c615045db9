import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { isVerifiedShop, MEXICO_VIEW, readMapConfig, type Shop } from 'frontend-common';
import { shopPoint, type GeoPoint } from '../nearby/distance';
import 'leaflet/dist/leaflet.css';
import './ShopMap.css';

export interface ShopMapProps {
  shops: Shop[];
  position?: GeoPoint;
  hrefOf: (shop: Shop) => string;
  onOpen: (shop: Shop) => void;
}

type ShopFeature = PointFeature<{ index: number }>;

/** Closer than this the tiles have no more detail; also where clusters of one address stop. */
const MAX_ZOOM = 18;
/** A popup listing a cluster that cannot be split (one address) names at most this many shops. */
const LIST_LIMIT = 12;

const clusterSize = (count: number) => (count < 10 ? 'small' : count < 100 ? 'medium' : 'large');

interface ClusterIndex {
  index: Supercluster<{ index: number }>;
  /** The shops with coordinates; feature i is `located[i]`. */
  located: Shop[];
}

// One index per result list: reopening the map on the same results reuses it (building one for
// 10,000 shops is most of the map's start-up work on a phone).
const clusterIndexes = new WeakMap<Shop[], ClusterIndex>();

function clusterIndexOf(shops: Shop[]): ClusterIndex {
  const cached = clusterIndexes.get(shops);
  if (cached) return cached;

  const withPoint: Shop[] = [];
  const features: ShopFeature[] = [];
  for (const shop of shops) {
    const point = shopPoint(shop);
    if (!point) continue;
    features.push({
      type: 'Feature',
      properties: { index: withPoint.length },
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
    });
    withPoint.push(shop);
  }
  const index = new Supercluster<{ index: number }>({ radius: 60, maxZoom: MAX_ZOOM });
  index.load(features);
  const result = { index, located: withPoint };
  clusterIndexes.set(shops, result);
  return result;
}

/**
 * The interactive map (default export: MapView loads it lazily). Leaflet draws it; supercluster
 * groups the shops, so only the clusters and pins in view are DOM elements, whatever the number
 * of shops. Tiles that fail to load (offline, blocked) leave the plain background and the
 * markers; nothing else depends on them.
 */
export default function ShopMap({ shops, position, hrefOf, onOpen }: ShopMapProps) {
  const { t, i18n } = useTranslation('directory');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef<L.LayerGroup | null>(null);
  // The markers on the map by cluster or shop, kept between redraws so that a marker still in
  // view stays the same element (its popup and keyboard focus survive a pan or a zoom).
  const drawnRef = useRef<{ generation: object | null; markers: Map<string, L.Marker> }>({
    generation: null,
    markers: new Map(),
  });
  const positionRef = useRef<L.CircleMarker | null>(null);

  const { index, located } = useMemo(() => clusterIndexOf(shops), [shops]);

  const shopLink = useCallback(
    (shop: Shop, text: string) => {
      const link = document.createElement('a');
      link.href = hrefOf(shop);
      link.textContent = text;
      link.addEventListener('click', (event) => {
        // A plain click stays in the page; a new-tab click follows the real link.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onOpen(shop);
      });
      return link;
    },
    [hrefOf, onOpen],
  );

  // Popup contents are built as elements, never as HTML, since shop texts come from the database.
  const shopPopup = useCallback(
    (shop: Shop) => {
      const box = document.createElement('div');
      box.className = 'atm-map-popup';
      const name = box.appendChild(document.createElement('strong'));
      name.textContent = shop.name;
      const place = box.appendChild(document.createElement('span'));
      place.textContent = `${shop.city}, ${shop.state}`;
      if (isVerifiedShop(shop)) {
        const verified = box.appendChild(document.createElement('span'));
        verified.className = 'atm-map-popup__verified';
        verified.textContent = `✓ ${t('card.verified')}`;
      }
      box.appendChild(shopLink(shop, t('map.viewShop')));
      return box;
    },
    [shopLink, t],
  );

  const listPopup = useCallback(
    (members: Shop[]) => {
      const list = document.createElement('ul');
      list.className = 'atm-map-popup atm-map-popup--list';
      for (const shop of members.slice(0, LIST_LIMIT)) {
        list.appendChild(document.createElement('li')).appendChild(shopLink(shop, shop.name));
      }
      if (members.length > LIST_LIMIT) list.appendChild(document.createElement('li')).textContent = '…';
      return list;
    },
    [shopLink],
  );

  // What the markers show: they are made anew when it changes (other results, language or links),
  // not whenever a callback is re-created: a redraw replaces every marker and closes an open
  // popup, and opening one pans the map, which redraws.
  const generation = useMemo(
    () => ({ index, language: i18n.language, hrefOf, onOpen }),
    [index, i18n.language, hrefOf, onOpen],
  );

  const drawMarkers = useCallback(
    function draw() {
      const map = mapRef.current;
      const layer = markersRef.current;
      if (!map || !layer) return;
      const bounds = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const bbox: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      const drawn = drawnRef.current;
      // Markers of an older generation (other results, language or links) are all replaced.
      if (drawn.generation !== generation) {
        layer.clearLayers();
        drawn.markers.clear();
        drawn.generation = generation;
      }
      const inView = new Set<string>();
      for (const feature of index.getClusters(bbox, zoom)) {
        const [longitude, latitude] = feature.geometry.coordinates;
        const properties = feature.properties as Partial<ClusterProperties> & { index?: number };
        // Cluster ids are unique across zoom levels; a shop's index is unique in this index.
        const key = properties.cluster ? `c${properties.cluster_id}` : `p${properties.index}`;
        inView.add(key);
        if (drawn.markers.has(key)) continue;
        if (properties.cluster) {
          const clusterId = properties.cluster_id as number;
          const count = properties.point_count as number;
          const marker = L.marker([latitude, longitude], {
            icon: L.divIcon({
              html: `<span>${count}</span>`,
              className: `atm-map-cluster atm-map-cluster--${clusterSize(count)}`,
              iconSize: [40, 40],
            }),
            title: t('map.cluster', { count }),
            keyboard: true,
          });
          const expand = (fromKeyboard: boolean) => {
            const expansion = index.getClusterExpansionZoom(clusterId);
            if (expansion <= MAX_ZOOM) {
              map.setView([latitude, longitude], expansion);
              // The pressed cluster is gone after the redraw: the map keeps the keyboard focus.
              if (fromKeyboard) map.getContainer().focus({ preventScroll: true });
            } else {
              // Shops at one address never split: list them instead.
              const members = index
                .getLeaves(clusterId, Infinity)
                .map((leaf) => located[leaf.properties.index]);
              marker.unbindPopup().bindPopup(listPopup(members)).openPopup();
            }
          };
          marker.on('click', () => expand(false));
          // Leaflet makes markers focusable buttons but only turns Enter into a popup, not a click.
          marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
            if (event.originalEvent.key !== 'Enter' && event.originalEvent.key !== ' ') return;
            event.originalEvent.preventDefault(); // Space would scroll the page
            expand(true);
          });
          drawn.markers.set(key, marker);
          layer.addLayer(marker);
        } else {
          const shop = located[properties.index as number];
          const marker = L.marker([latitude, longitude], {
            icon: L.divIcon({
              html: '',
              className: `atm-map-pin${isVerifiedShop(shop) ? ' atm-map-pin--verified' : ''}`,
              iconSize: [26, 26],
              iconAnchor: [13, 26],
              popupAnchor: [0, -24],
            }),
            title: shop.name,
            keyboard: true,
          });
          marker.bindPopup(() => shopPopup(shop));
          drawn.markers.set(key, marker);
          layer.addLayer(marker);
        }
      }
      for (const [key, marker] of drawn.markers) {
        if (inView.has(key)) continue;
        layer.removeLayer(marker);
        drawn.markers.delete(key);
      }
    },
    [generation, index, listPopup, located, shopPopup, t],
  );

  // The map itself, once.
  useEffect(() => {
    if (!container.current) return;
    const { tileUrl, attribution } = readMapConfig();
    const map = L.map(container.current, { maxZoom: MAX_ZOOM, minZoom: 2 });
    L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    markersRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // Keyboard users land on the popup's link; pointer users lose nothing by it.
    map.on('popupopen', (event) => {
      (event.popup.getElement()?.querySelector('.atm-map-popup a') as HTMLElement | null)?.focus({
        preventScroll: true,
      });
    });
    return () => {
      map.remove();
      mapRef.current = null;
      markersRef.current = null;
      positionRef.current = null;
      drawnRef.current = { generation: null, markers: new Map() };
    };
  }, []);

  // Redraw on every move and zoom, with the current index.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.on('moveend', drawMarkers);
    return () => {
      map.off('moveend', drawMarkers);
    };
  }, [drawMarkers]);

  // New results: frame them (and the visitor), then draw.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const points: L.LatLngTuple[] = located.map((shop) => [
      shop.latitude as number,
      shop.longitude as number,
    ]);
    if (position) points.push([position.latitude, position.longitude]);
    if (points.length === 0) map.setView(MEXICO_VIEW.center, MEXICO_VIEW.zoom);
    else if (points.length === 1) map.setView(points[0], 13);
    // New results jump into view rather than fly: no redraws of passing views, at any scale.
    else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15, animate: false });
    drawMarkers();
    // Framing follows the results, not every redraw (drawMarkers changes with the language too).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located, position]);

  // The visitor's position, when known.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    positionRef.current?.remove();
    positionRef.current = position
      ? L.circleMarker([position.latitude, position.longitude], {
          radius: 8,
          color: '#ffffff',
          weight: 3,
          fillColor: '#1a5fb4',
          fillOpacity: 1,
          className: 'atm-map-position',
        })
          .bindTooltip(t('map.yourPosition'))
          .addTo(map)
      : null;
  }, [position, t]);

  return <div ref={container} className="atm-dir-map__canvas" data-testid="shop-map" />;
}
