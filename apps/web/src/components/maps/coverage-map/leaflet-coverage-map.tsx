import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { getPublicConfig } from '@/lib/config.ts';
import { BUENOS_AIRES } from '../coordinates.ts';
import { MAP_CLASS } from '../leaflet-base.ts';
import type { CoverageMapProps } from './coverage-map.tsx';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** The largest circle's radius in pixels; the others by area, so a place twice as large looks twice as large. */
const MAX_RADIUS = 28;
const MIN_RADIUS = 5;

/** The Leaflet map behind `CoverageMap`, loaded only by the screen that shows it. */
export function LeafletCoverageMap({ places }: CoverageMapProps) {
  const max = Math.max(1, ...places.map((p) => p.count));
  const bounds = useMemo(
    () => (places.length > 0 ? latLngBounds(places.map((p) => [p.lat, p.long])).pad(0.15) : undefined),
    [places],
  );
  const brand =
    getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim() || '#b3141c';
  return (
    <MapContainer
      className={MAP_CLASS}
      {...(bounds ? { bounds } : { center: [BUENOS_AIRES.lat, BUENOS_AIRES.lng], zoom: 10 })}
      scrollWheelZoom={false}
    >
      <TileLayer url={getPublicConfig().tileUrl} attribution={ATTRIBUTION} />
      {places.map((p) => (
        <CircleMarker
          key={p.name}
          center={[p.lat, p.long]}
          radius={Math.max(MIN_RADIUS, MAX_RADIUS * Math.sqrt(p.count / max))}
          pathOptions={{ color: brand, fillColor: brand, fillOpacity: 0.35, weight: 2 }}
        >
          <Tooltip>{p.description}</Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
