import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { getPublicConfig } from '@/lib/config.ts';
import { type Coordinates, isSamePlace } from '../coordinates.ts';
import { MAP_CLASS } from '../leaflet-base.ts';
import type { DirectoryMapProps } from './directory-map.tsx';
import { type DirectoryPlace, findCentre, findPlaces } from './directory-places.ts';
import { ProviderLayer } from './leaflet-provider-layer.ts';

/** The whole network of a city in view. */
const CITY_ZOOM = 10;
/** OpenStreetMap's tiles end at 19; clustering needs the map to know its last zoom before any tile layer says it. */
const MAX_ZOOM = 18;
/** Tile failures, before any tile has loaded, that mean the tile service is down rather than one tile missing. */
const TILE_FAILURES_SHOWN = 3;

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

interface LeafletDirectoryMapProps extends DirectoryMapProps {
  /** Whether the tile service failed (no tile loaded, several failed): the wrapper shows a notice over the map. */
  onTilesFailedChange: (haveFailed: boolean) => void;
}

/**
 * The Leaflet map behind `DirectoryMap`, loaded only by the screens that show
 * it (directory-map.tsx imports it lazily, with Leaflet, the clustering plugin
 * and their CSS).
 */
export function LeafletDirectoryMap({
  markers,
  selectedId,
  onSelect,
  focus,
  onTilesFailedChange,
}: LeafletDirectoryMapProps) {
  // Read again only when the screen passes another array; the layer then changes only the markers that differ.
  const places = useMemo(() => findPlaces(markers), [markers]);
  const centre = useMemo(() => findCentre(places), [places]);
  const tileEvents = useTileFailure(onTilesFailedChange);

  return (
    <MapContainer
      className={MAP_CLASS}
      center={[centre.lat, centre.lng]}
      zoom={CITY_ZOOM}
      maxZoom={MAX_ZOOM}
      scrollWheelZoom
      zoomControl={false}
    >
      <TileLayer url={getPublicConfig().tileUrl} attribution={ATTRIBUTION} eventHandlers={tileEvents} />
      <ZoomControl zoomInTitle="Acercar" zoomOutTitle="Alejar" />
      <FollowCentre centre={centre} />
      <ProviderMarkers
        places={places}
        selectedId={selectedId}
        onSelect={onSelect}
        focusId={focus?.id ?? null}
        focusSeq={focus?.seq ?? null}
      />
    </MapContainer>
  );
}

/**
 * Tile events that tell a tile service that is down (the first tiles all
 * fail) from a tile that is missing; a tile that loads later clears it.
 */
function useTileFailure(onChange: (haveFailed: boolean) => void) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [events] = useState(() => {
    let failures = 0;
    let hasLoaded = false;
    return {
      tileerror: () => {
        if (hasLoaded) return;
        failures += 1;
        if (failures === TILE_FAILURES_SHOWN) onChangeRef.current(true);
      },
      tileload: () => {
        if (hasLoaded) return;
        hasLoaded = true;
        if (failures >= TILE_FAILURES_SHOWN) onChangeRef.current(false);
      },
    };
  });
  return events;
}

/** Recentres the map on the providers when another list comes (a new search), not when the same places come again. */
function FollowCentre({ centre }: { centre: Coordinates }) {
  const map = useMap();
  const shown = useRef(centre);
  useEffect(() => {
    if (isSamePlace(shown.current, centre)) return;
    shown.current = centre;
    map.setView(centre, CITY_ZOOM);
  }, [map, centre]);
  return null;
}

interface ProviderMarkersProps {
  places: readonly DirectoryPlace[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  focusId: number | null;
  focusSeq: number | null;
}

/** Hands the React props to the clustered layer, which changes only what each prop touches. */
function ProviderMarkers({ places, selectedId, onSelect, focusId, focusSeq }: ProviderMarkersProps) {
  const map = useMap();
  const onSelectRef = useRef(onSelect);
  const selectedIdRef = useRef(selectedId);
  useEffect(() => {
    onSelectRef.current = onSelect;
    selectedIdRef.current = selectedId;
  });
  const [layer, setLayer] = useState<ProviderLayer | null>(null);

  useEffect(() => {
    const created = new ProviderLayer(map, (id) => onSelectRef.current(id));
    setLayer(created);
    return () => created.remove();
  }, [map]);

  useEffect(() => {
    layer?.showPlaces(places, selectedIdRef.current);
  }, [layer, places]);

  useEffect(() => {
    layer?.select(selectedId);
  }, [layer, selectedId]);

  useEffect(() => {
    // focusSeq tells choosing the same card again from a render with the same focus.
    if (layer && focusId !== null && focusSeq !== null) layer.reveal(focusId);
  }, [layer, focusId, focusSeq]);

  return null;
}
