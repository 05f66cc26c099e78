// Only the lazy wrapper: importing it does not bring Leaflet into the importing chunk.
export type { DirectoryMapMarker, DirectoryMapProps } from './directory-map.tsx';
export { DirectoryMap, preloadDirectoryMap } from './directory-map.tsx';
