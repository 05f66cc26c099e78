import { lazy, Suspense, useState } from 'react';
import { MapErrorBoundary } from '../map-error-boundary.tsx';
import styles from './directory-map.module.css';

type LeafletMap = typeof import('./leaflet-directory-map.tsx')['LeafletDirectoryMap'];

// Leaflet, its clustering plugin and their CSS come with this chunk, fetched the first time the
// map is shown or asked for (preloadDirectoryMap).
let loading: Promise<{ default: LeafletMap }> | null = null;
/** The map's code once it has arrived: drawn at once, without a round through Suspense. */
let loaded: LeafletMap | null = null;

/**
 * Starts fetching the map's code. A screen that shows the map calls it as it
 * opens, so the map is drawn with the screen's data instead of after it: the
 * map's tiles are often the largest thing on the page.
 */
export function preloadDirectoryMap(): Promise<{ default: LeafletMap }> {
  // Leaflet first, then the clustering plugin and the map itself, each run in a task of its own:
  // together they would hold a phone's page for a few hundred milliseconds at once.
  loading ??= import('../leaflet-base.ts')
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import('./leaflet-directory-map.tsx'))
    .then((module) => {
      loaded = module.LeafletDirectoryMap;
      return { default: module.LeafletDirectoryMap };
    });
  return loading;
}

const LeafletDirectoryMap = lazy(preloadDirectoryMap);

/** A provider of the directory as the map needs it; coordinates are the stored numeric strings. */
export interface DirectoryMapMarker {
  id: number;
  nombre: string;
  lat: string | null;
  long: string | null;
}

export interface DirectoryMapProps {
  /** The providers; those without valid coordinates get no marker. */
  markers: readonly DirectoryMapMarker[];
  /** The highlighted marker (another pin colour, above the others). */
  selectedId: number | null;
  /** A marker was chosen (click, or Enter/Space on a focused marker). */
  onSelect: (id: number) => void;
  /**
   * When this changes to a provider's id, the map pans to it at zoom 16 (and
   * further in when a cluster still hides it). A new `seq` pans again to the
   * same provider, as choosing its card twice does.
   */
  focus: { id: number; seq: number } | null;
  /** The accessible name of the map's region, e.g. 'Mapa de profesionales'. */
  label: string;
}

const FAILURE_MESSAGE = 'No se pudo cargar el mapa. La lista de profesionales sigue disponible.';

/**
 * The directory's providers on a map, clustered when they crowd. It fills the
 * height its parent gives it. Leaflet loads with the first map shown; if it
 * cannot load, fails, or gets no tiles, the map area says so and the list
 * beside it goes on.
 */
export function DirectoryMap(props: DirectoryMapProps) {
  const [haveTilesFailed, setHaveTilesFailed] = useState(false);
  // Chosen once: a map that started through Suspense keeps its Leaflet instance (and its view).
  const [ReadyMap] = useState(() => loaded);
  return (
    <section aria-label={props.label} className={styles.root}>
      <MapErrorBoundary
        fallback={
          <p className={styles.message} role="status">
            {FAILURE_MESSAGE}
          </p>
        }
      >
        <Suspense
          fallback={
            <p className={styles.message} role="status">
              Cargando mapa…
            </p>
          }
        >
          {ReadyMap ? (
            <ReadyMap {...props} onTilesFailedChange={setHaveTilesFailed} />
          ) : (
            <LeafletDirectoryMap {...props} onTilesFailedChange={setHaveTilesFailed} />
          )}
        </Suspense>
        {haveTilesFailed && (
          <p className={styles.overlay} role="status">
            {FAILURE_MESSAGE}
          </p>
        )}
      </MapErrorBoundary>
    </section>
  );
}
