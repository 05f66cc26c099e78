import { lazy, Suspense, useState } from 'react';
import { parseCoordinates } from '../coordinates.ts';
import { MapErrorBoundary } from '../map-error-boundary.tsx';
import styles from './location-map.module.css';

// Leaflet and its CSS come with this chunk, fetched the first time a map is shown.
const LeafletLocationMap = lazy(() =>
  import('./leaflet-location-map.tsx').then((module) => ({ default: module.LeafletLocationMap })),
);

export interface LocationMapProps {
  /** Latitude as a numeric string ('-34.603700'); null or blank while there is no address. */
  lat: string | null;
  /** Longitude as a numeric string; null or blank while there is no address. */
  long: string | null;
  /** Whether the pin can be dragged, or moved with the arrow keys, to correct the place. */
  editable?: boolean;
  /** The pin was moved here: the new place with 6 decimals. */
  onMove?: (lat: string, long: string) => void;
  /** The accessible name of the map's region, e.g. 'Ubicación del consultorio en el mapa'. */
  label: string;
  /**
   * Where to open while there is no pin (the locality typed or chosen); Buenos
   * Aires without it. Only a place to look: a pin is put by a click, or by the
   * button once the reader has moved the map.
   */
  near?: { lat: string; lon: string } | null;
  /** Said while there is no pin: what could not be found, and what to do instead. */
  notice?: string;
  /** What is wrong with the place (the form's check, or the server's refusal). */
  error?: string;
}

const NO_PLACE_HINT =
  'Elija una dirección de las sugeridas, o haga clic en el mapa donde está el consultorio. Sin ubicación, el consultorio no aparece en el mapa de la cartilla ni en “Cerca mío”.';
const NO_PLACE_NOTE = 'Todavía no hay una dirección ubicada en el mapa.';
const DRAG_HINT = 'Si el marcador no quedó en la puerta del consultorio, arrástrelo hasta el lugar correcto.';

/**
 * A map with one place's pin (the office on a profile), or, while there is no
 * place, the locality to look in (Buenos Aires without one) and a hint; the
 * map's own centre is never taken for a place. Leaflet loads with the first
 * map shown; if it cannot load or fails, only the map area says so and the
 * form goes on.
 */
export function LocationMap({ notice, error, ...props }: LocationMapProps) {
  const hasPlace = parseCoordinates(props.lat, props.long) !== null;
  // Why a click or the button did not place the pin, until the map moves or a pin is placed.
  const [refusal, setRefusal] = useState<string | null>(null);
  const hint = hasPlace
    ? props.editable
      ? DRAG_HINT
      : null
    : props.editable
      ? NO_PLACE_HINT
      : NO_PLACE_NOTE;
  return (
    <section aria-label={props.label} className={styles.root}>
      {/* Above the map, read first; announced as they come (a click or a key press asked for a refusal). */}
      <div role="status" className={styles.notices}>
        {!hasPlace && props.editable && notice && <p className={styles.notice}>{notice}</p>}
        {!hasPlace && props.editable && refusal && <p className={styles.notice}>{refusal}</p>}
      </div>
      <MapErrorBoundary
        fallback={
          <div className={styles.frame}>
            <p className={styles.message} role="status">
              No se pudo cargar el mapa. La dirección se guarda igual.
            </p>
          </div>
        }
      >
        <div className={styles.frame}>
          <Suspense
            fallback={
              <p className={styles.message} role="status">
                Cargando mapa…
              </p>
            }
          >
            <LeafletLocationMap {...props} onRefuse={setRefusal} />
          </Suspense>
        </div>
        {hint && <p className={styles.hint}>{hint}</p>}
      </MapErrorBoundary>
      {error && <p className={styles.error}>{error}</p>}
    </section>
  );
}
