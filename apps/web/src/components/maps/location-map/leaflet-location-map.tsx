import 'leaflet/dist/leaflet.css';
import { DomEvent, type Map as LeafletMap, type Marker as LeafletMarker } from 'leaflet';
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

const REFUSED_FALLBACK =
  'El mapa todavía muestra el centro de Buenos Aires, que nadie eligió. Lleve el mapa hasta el consultorio (o elija su localidad) y márquelo allí.';
const REFUSED_CENTRE =
  'El centro del mapa es el de la localidad, no el del consultorio. Haga clic en el lugar exacto, o mueva el mapa (arrastrándolo o con las flechas) hasta que el centro quede sobre el consultorio.';

/**
 * The view the map was last put at by itself (where it opened, a locality, a
 * new address), not by the reader: its centre is a place to look, not a place
 * anyone chose. `isFallback` when it is Buenos Aires for want of anything better.
 */
interface AutoView {
  center: Coordinates;
  zoom: number;
  isFallback: boolean;
}

/** The reader has not moved the map's centre (by a pixel or two) since it was put there. */
function isCentreUntouched(map: LeafletMap, view: AutoView): boolean {
  return map.latLngToContainerPoint(view.center).distanceTo(map.getSize().divideBy(2)) < 2;
}

/**
 * The Leaflet map behind `LocationMap`, loaded only by the screens that show
 * one (location-map.tsx imports it lazily, with Leaflet and its CSS).
 */
export function LeafletLocationMap({
  lat,
  long,
  editable = false,
  onMove,
  near,
  onRefuse,
}: LocationMapProps & {
  /** A placement was refused, and why (null once the map moves again or a pin is placed). */
  onRefuse?: (message: string | null) => void;
}) {
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
  const autoView = useRef<AutoView>({
    center: start,
    zoom: position ? PIN_ZOOM : CITY_ZOOM,
    isFallback: !position,
  });
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
      <FollowPosition position={position} reported={reported} near={nearPlace} autoView={autoView} />
      {editable && !position && (
        <PlaceByHand
          autoView={autoView}
          onRefuse={(message) => onRefuse?.(message)}
          onPlace={(place, byKeyboard) => {
            focusPin.current = byKeyboard;
            onRefuse?.(null);
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
 * A pin taken away (the address typed anew) leaves the map where it was: that
 * is still a better place to look than the fallback.
 */
function FollowPosition({
  position,
  reported,
  near,
  autoView,
}: {
  position: Coordinates | null;
  reported: RefObject<Coordinates | null>;
  near: Coordinates | null;
  autoView: RefObject<AutoView>;
}) {
  const map = useMap();
  const shown = useRef(position);
  const show = useCallback(
    (center: Coordinates, zoom: number) => {
      map.setView(center, zoom);
      autoView.current = { center, zoom, isFallback: false };
    },
    [map, autoView],
  );
  useEffect(() => {
    if (isSamePlace(shown.current, position)) return;
    shown.current = position;
    if (position && isSamePlace(reported.current, position)) return;
    if (position) show(position, PIN_ZOOM);
    else autoView.current = { center: map.getCenter(), zoom: map.getZoom(), isFallback: false };
  }, [map, position, reported, show, autoView]);
  // Only when the locality's place changes: a re-render must not undo the reader's own panning.
  const nearLat = near?.lat;
  const nearLng = near?.lng;
  useEffect(() => {
    if (!position && nearLat !== undefined && nearLng !== undefined)
      show({ lat: nearLat, lng: nearLng }, LOCALITY_ZOOM);
  }, [position, nearLat, nearLng, show]);
  return null;
}

/**
 * With no pin yet, a click on the map puts it there; the button does the same
 * at the map's centre, for the keyboard (then the arrow keys move the pin).
 * Neither takes a place the map chose by itself: a click on the fallback view
 * (Buenos Aires, before the reader moved or zoomed it), or the button on a
 * centre the reader has not moved (the fallback's or a locality's).
 */
function PlaceByHand({
  autoView,
  onPlace,
  onRefuse,
}: {
  autoView: RefObject<AutoView>;
  onPlace: (place: Coordinates, byKeyboard: boolean) => void;
  onRefuse: (message: string | null) => void;
}) {
  const map = useMapEvents({
    click: (event) => {
      const view = autoView.current;
      if (view.isFallback && map.getZoom() === view.zoom && isCentreUntouched(map, view))
        onRefuse(REFUSED_FALLBACK);
      else onPlace(event.latlng.wrap(), false);
    },
    // The reader (or a locality chosen) moved the map: a refusal's advice is taken.
    movestart: () => onRefuse(null),
  });
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Leaflet would take the button's click for a click on the map underneath.
    if (button.current) DomEvent.disableClickPropagation(button.current);
  }, []);
  return (
    <>
      {/* Where the button puts the pin. */}
      <span className={styles.centreMark} aria-hidden="true" />
      <button
        ref={button}
        type="button"
        className={styles.placeButton}
        onClick={() => {
          const view = autoView.current;
          if (isCentreUntouched(map, view)) onRefuse(view.isFallback ? REFUSED_FALLBACK : REFUSED_CENTRE);
          else onPlace(map.getCenter().wrap(), true);
        }}
      >
        Marcar el consultorio en el centro del mapa
      </button>
    </>
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
