import 'leaflet/dist/leaflet.css';
import { DomEvent, type Marker as LeafletMarker } from 'leaflet';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';
import { getPublicConfig } from '@/lib/config.ts';
import {
  BUENOS_AIRES,
  type Coordinates,
  formatCoordinates,
  isSamePlace,
  nudgeCoordinates,
  parseCoordinates,
} from '../coordinates.ts';
import { MAP_CLASS, pinIcon } from '../leaflet-base.ts';
import styles from './location-map.module.css';
import type { LocationMapProps } from './location-map.tsx';

const CITY_ZOOM = 10;
/** A locality's streets, to find the office's block in. */
const LOCALITY_ZOOM = 14;
/** Close enough to tell one door from the next. */
const PIN_ZOOM = 16;

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const EDITABLE_PIN_TITLE = 'Consultorio: arrastre el marcador o use las flechas para corregir la ubicación';
const PIN_TITLE = 'Consultorio';

// Drawn in CSS: Leaflet's default marker is an image whose path breaks under bundlers.
const PIN_ICON = pinIcon();

/**
 * The Leaflet map behind `LocationMap`, loaded only by the screens that show
 * one (location-map.tsx imports it lazily, with Leaflet and its CSS).
 */
export function LeafletLocationMap({ lat, long, editable = false, onMove, near }: LocationMapProps) {
  // The pin's place is a string pair from outside; compare and follow it by value.
  const position = useMemo(() => parseCoordinates(lat, long), [lat, long]);
  const nearPlace = useMemo(() => (near ? parseCoordinates(near.lat, near.lon) : null), [near]);
  // The last place this map reported, so that the answer coming back is not taken for a new address.
  const reported = useRef<Coordinates | null>(null);
  /** The pin was just placed with the button: the keyboard goes on with it (the arrows move it). */
  const focusPin = useRef(false);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });

  const report = useCallback((place: Coordinates) => {
    reported.current = place;
    const stored = formatCoordinates(place);
    onMoveRef.current?.(stored.lat, stored.long);
  }, []);

  const start = position ?? BUENOS_AIRES;
  return (
    <MapContainer
      className={MAP_CLASS}
      center={[start.lat, start.lng]}
      zoom={position ? PIN_ZOOM : CITY_ZOOM}
      // The map sits inside a long form: the wheel scrolls the page.
      scrollWheelZoom={false}
      zoomControl={false}
    >
      <TileLayer url={getPublicConfig().tileUrl} attribution={ATTRIBUTION} />
      <ZoomControl zoomInTitle="Acercar" zoomOutTitle="Alejar" />
      <FollowPosition position={position} reported={reported} near={nearPlace} />
      {editable && !position && (
        <PlaceByHand
          onPlace={(place, byKeyboard) => {
            focusPin.current = byKeyboard;
            report(place);
          }}
        />
      )}
      {position && (
        // A new marker when editing is switched, since Leaflet reads the title and keyboard options once.
        <OfficeMarker
          key={editable ? 'editable' : 'fixed'}
          position={position}
          editable={editable}
          onMove={report}
          focusPin={focusPin}
        />
      )}
    </MapContainer>
  );
}

/**
 * Recentres the map when the place changes from outside (a new address picked),
 * not after the pin was moved here; without a place, on the locality when known.
 */
function FollowPosition({
  position,
  reported,
  near,
}: {
  position: Coordinates | null;
  reported: RefObject<Coordinates | null>;
  near: Coordinates | null;
}) {
  const map = useMap();
  const shown = useRef(position);
  useEffect(() => {
    if (isSamePlace(shown.current, position)) return;
    shown.current = position;
    if (position && isSamePlace(reported.current, position)) return;
    if (position) map.setView(position, PIN_ZOOM);
    else map.setView(BUENOS_AIRES, CITY_ZOOM);
  }, [map, position, reported]);
  // Only when the locality's place changes: a re-render must not undo the reader's own panning.
  const nearLat = near?.lat;
  const nearLng = near?.lng;
  useEffect(() => {
    if (!position && nearLat !== undefined && nearLng !== undefined)
      map.setView([nearLat, nearLng], LOCALITY_ZOOM);
  }, [map, position, nearLat, nearLng]);
  return null;
}

/**
 * With no pin yet, a click on the map puts it there; the button does the same
 * at the map's centre, for the keyboard (then the arrow keys move the pin).
 */
function PlaceByHand({ onPlace }: { onPlace: (place: Coordinates, byKeyboard: boolean) => void }) {
  const map = useMapEvents({ click: (event) => onPlace(event.latlng.wrap(), false) });
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Leaflet would take the button's click for a click on the map underneath.
    if (button.current) DomEvent.disableClickPropagation(button.current);
  }, []);
  return (
    <button
      ref={button}
      type="button"
      className={styles.placeButton}
      onClick={() => onPlace(map.getCenter().wrap(), true)}
    >
      Marcar el consultorio en el centro del mapa
    </button>
  );
}

function OfficeMarker({
  position,
  editable,
  onMove,
  focusPin,
}: {
  position: Coordinates;
  editable: boolean;
  /** Kept stable by the caller, so the handlers are not set again on each render. */
  onMove: (place: Coordinates) => void;
  /** Set when the pin should take the focus as it appears (placed from the keyboard). */
  focusPin?: RefObject<boolean>;
}) {
  const map = useMap();
  const markerRef = useRef<LeafletMarker>(null);
  const title = editable ? EDITABLE_PIN_TITLE : PIN_TITLE;

  const eventHandlers = useMemo(
    () => ({
      dragend: () => {
        const marker = markerRef.current;
        if (marker) onMove(marker.getLatLng().wrap());
      },
    }),
    [onMove],
  );

  // The keyboard's way to drag: arrow keys on the focused pin move it a few metres.
  useEffect(() => {
    const marker = markerRef.current;
    const element = marker?.getElement();
    if (!marker || !element) return;
    element.setAttribute('aria-label', title);
    if (!editable) {
      element.setAttribute('role', 'img');
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = nudgeCoordinates(marker.getLatLng().wrap(), event.key);
      if (!next) return;
      // The map would pan on the same keys, and the page scroll.
      event.preventDefault();
      event.stopPropagation();
      marker.setLatLng(next);
      map.panInside(next);
      onMove(next);
    };
    element.addEventListener('keydown', onKeyDown);
    if (focusPin?.current) {
      focusPin.current = false;
      element.focus();
    }
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [map, editable, title, onMove, focusPin]);

  const latLng = useMemo(() => [position.lat, position.lng] as [number, number], [position]);
  return (
    <Marker
      ref={markerRef}
      position={latLng}
      icon={PIN_ICON}
      draggable={editable}
      keyboard={editable}
      title={title}
      eventHandlers={eventHandlers}
    />
  );
}
