import { lazy, Suspense, useState } from 'react';
import { MapErrorBoundary } from '../map-error-boundary.tsx';
import styles from './directory-map.module.css';

// Leaflet, its clustering plugin and their CSS come with this chunk, fetched the first time the map is shown.
const LeafletDirectoryMap = lazy(() =>
  import('./leaflet-directory-map.tsx').then((module) => ({ default: module.LeafletDirectoryMap })),
);

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
          <LeafletDirectoryMap {...props} onTilesFailedChange={setHaveTilesFailed} />
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
