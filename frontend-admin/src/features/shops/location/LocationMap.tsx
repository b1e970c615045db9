import { useEffect, useEffectEvent, useRef } from 'react';
import L from 'leaflet';
import { MEXICO_VIEW, readMapConfig } from 'frontend-common';
import type { GeoBox } from 'contract';
import type { Coordinates } from './googleMapsLink';
import 'leaflet/dist/leaflet.css';
import './LocationMap.css';

export interface LocationMapProps {
  /** The pin, or null while the shop has no valid point. */
  position: Coordinates | null;
  /** Where to look while there is no pin (the chosen state), or the whole country. */
  area?: GeoBox;
  /** The administrator placed the pin (a click, a drag's end, or Enter at the map's centre). */
  onPick: (point: Coordinates) => void;
  /** The map's accessible name and the id of the text that says how to use it. */
  label: string;
  describedBy: string;
}

const MAX_ZOOM = 18;
/** How close a pin is shown when the map first frames it or follows it out of view. */
const PIN_ZOOM = 15;
/** Map clicks carry more digits than a shop needs: 6 decimals are about 10 cm. */
const rounded = (value: number) => Number(value.toFixed(6));
const pointOf = (latLng: L.LatLng): Coordinates => ({
  latitude: rounded(latLng.lat),
  longitude: rounded(L.Util.wrapNum(latLng.lng, [-180, 180], true)),
});

/**
 * The shop form's Leaflet map (default export: LocationPicker loads it lazily, so Leaflet is not
 * in the admin's first download), with the directory's tiles. A click places the pin, the pin can
 * be dragged, and the keyboard moves the map (arrows, + and -) and places the pin at its centre
 * with Enter; Tab leaves the map like any other control.
 */
export default function LocationMap({ position, area, onPick, label, describedBy }: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pinRef = useRef<L.Marker | null>(null);
  /** Whether the map has been given a view yet (Leaflet answers nothing about its view before). */
  const framed = useRef(false);
  // The latest callback, for the map's listeners made once.
  const pick = useEffectEvent(onPick);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { tileUrl, attribution } = readMapConfig();
    const map = L.map(element, { maxZoom: MAX_ZOOM, minZoom: 3 });
    L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => pick(pointOf(event.latlng)));
    const onKeyDown = (event: KeyboardEvent) => {
      // Only on the map itself: Enter on the attribution's links follows them.
      if (event.key !== 'Enter' || event.target !== element) return;
      event.preventDefault();
      pick(pointOf(map.getCenter()));
    };
    element.addEventListener('keydown', onKeyDown);
    mapRef.current = map;
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      map.remove();
      mapRef.current = null;
      pinRef.current = null;
      framed.current = false;
    };
  }, []);

  // The pin follows the fields; the map frames it at first, and again when it is out of view
  // (typed or pasted). Without a pin the map shows the chosen state, or the whole country.
  const latitude = position?.latitude;
  const longitude = position?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      pinRef.current?.remove();
      pinRef.current = null;
      if (area)
        map.fitBounds(
          [
            [area.south, area.west],
            [area.north, area.east],
          ],
          { animate: false },
        );
      else map.setView(MEXICO_VIEW.center, MEXICO_VIEW.zoom, { animate: false });
      framed.current = true;
      return;
    }
    const point: L.LatLngTuple = [latitude, longitude];
    if (!pinRef.current) {
      // Not focusable: the pin is moved by the map's own keys and Enter, or by the fields.
      pinRef.current = L.marker(point, {
        draggable: true,
        keyboard: false,
        // The drop is turned inside the icon: turning the icon itself would turn the offset
        // Leaflet places it with too (CSS applies `rotate` to the result of `transform`).
        icon: L.divIcon({
          className: 'atm-location-pin',
          html: '<span class="atm-location-pin__drop"></span>',
          iconSize: [26, 26],
          iconAnchor: [13, 31],
        }),
      })
        .on('dragend', (event) => pick(pointOf((event.target as L.Marker).getLatLng())))
        .addTo(map);
    } else pinRef.current.setLatLng(point);
    if (!framed.current) map.setView(point, PIN_ZOOM, { animate: false });
    else if (!map.getBounds().contains(point))
      map.setView(point, Math.max(map.getZoom(), PIN_ZOOM), { animate: false });
    framed.current = true;
  }, [latitude, longitude, area]);

  return (
    <div
      ref={container}
      className="atm-location-map"
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="location-map"
    />
  );
}
