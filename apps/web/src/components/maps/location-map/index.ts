// Only the lazy wrapper: importing it does not bring Leaflet into the importing chunk.
export type { LocationMapProps } from './location-map.tsx';
export { LocationMap } from './location-map.tsx';
