import { lazy, Suspense } from 'react';
import { MapErrorBoundary } from '../map-error-boundary.tsx';
import styles from './coverage-map.module.css';

// Leaflet and its CSS come with this chunk, fetched the first time the map is shown.
const LeafletCoverageMap = lazy(() =>
  import('./leaflet-coverage-map.tsx').then((module) => ({ default: module.LeafletCoverageMap })),
);

/** A place with how many providers it has and a line that says so. */
export interface CoveragePlace {
  name: string;
  lat: number;
  long: number;
  /** The circle's size follows it. */
  count: number;
  /** Said on hover and to screen readers ('Caballito: 40 profesionales, …'). */
  description: string;
}

export interface CoverageMapProps {
  places: readonly CoveragePlace[];
  /** The accessible name of the map's region. */
  label: string;
}

/**
 * Circles sized by how many providers each place has, over the tile map.
 * The same figures are in a table beside it; if the map cannot load, only
 * its area says so.
 */
export function CoverageMap(props: CoverageMapProps) {
  return (
    <section aria-label={props.label} className={styles.frame}>
      <MapErrorBoundary fallback={<p className={styles.message}>No se pudo cargar el mapa.</p>}>
        <Suspense
          fallback={
            <p className={styles.message} role="status">
              Cargando mapa…
            </p>
          }
        >
          <LeafletCoverageMap {...props} />
        </Suspense>
      </MapErrorBoundary>
    </section>
  );
}
