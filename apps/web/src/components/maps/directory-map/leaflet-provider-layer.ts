// The plugin extends the object Leaflet exports (window.L) once Leaflet has run, so its factory is
// read from that object when called: a named import would be a copy taken before the plugin ran.
import L, {
  marker as createMarker,
  DivIcon,
  type DivIconOptions,
  type Evented,
  type Layer,
  type LeafletEvent,
  type LeafletKeyboardEvent,
  type Map as LeafletMap,
  type Marker,
  type MarkerCluster,
  type MarkerClusterGroup,
} from 'leaflet';
import 'leaflet.markercluster';
import { formatNumber } from '@/lib/format.ts';
import { isSamePlace } from '../coordinates.ts';
import { pinIcon } from '../leaflet-base.ts';
import { type DirectoryPlace, formatClusterLabel } from './directory-places.ts';
import styles from './leaflet-directory-map.module.css';

/** Close enough to tell one door from the next: where choosing a provider's card takes the map. */
export const PLACE_ZOOM = 16;
/** From street level in, only pins that would overlap are clustered, so a chosen provider shows at zoom 16. */
const STREET_CLUSTER_RADIUS = 30;
/**
 * How long the clusters may take to split or spread after the map moves; past
 * it the next step runs anyway (the plugin has no event for every case).
 */
const CLUSTER_SETTLE_MS = 1500;
/** Above the other markers and the clusters. */
const SELECTED_Z_OFFSET = 1000;

// Drawn in CSS, as LocationMap's pin: Leaflet's default marker is an image whose path breaks under bundlers.
const PIN_ICON = pinIcon();
const SELECTED_PIN_ICON = pinIcon(styles.selected);

interface ProviderEntry {
  place: DirectoryPlace;
  marker: Marker;
}

/** A marker event as the cluster group passes it on from the marker (or cluster) it came from. */
type PropagatedKeyboardEvent = LeafletKeyboardEvent & { propagatedFrom: Layer };

/**
 * The providers' markers in one cluster group, driven by hand: thousands of
 * markers as React components would be rebuilt and diffed on every render.
 * Markers are added in one chunked batch and kept by provider id, so a new
 * list adds and removes only what changed and a new selection redraws two
 * pins.
 */
export class ProviderLayer {
  readonly #map: LeafletMap;
  readonly #group: MarkerClusterGroup;
  readonly #onSelect: (id: number) => void;
  readonly #idsByMarker = new WeakMap<Layer, number>();
  #entries = new Map<number, ProviderEntry>();
  #selectedId: number | null = null;
  /** Batches of markers still being added: a provider is revealed once its marker is in a cluster. */
  #loadingBatches = 0;
  #pendingRevealId: number | null = null;
  /** Stops waiting for the clusters after the last move this layer made (a newer move replaces it). */
  #stopWaiting: (() => void) | null = null;

  constructor(map: LeafletMap, onSelect: (id: number) => void) {
    this.#map = map;
    this.#onSelect = onSelect;
    this.#group = L.markerClusterGroup({
      chunkedLoading: true,
      // Slices shorter than a frame, a few milliseconds apart, keep the page answering (and
      // drawing) while the markers are added, on a slow phone too.
      chunkInterval: 10,
      chunkDelay: 10,
      maxClusterRadius: (zoom) => (zoom >= PLACE_ZOOM ? STREET_CLUSTER_RADIUS : 80),
      chunkProgress: (processed, total) => {
        if (processed === total) this.#finishBatch();
      },
      iconCreateFunction: createClusterIcon,
    });
    this.#group.on('click', (event) => this.#selectFrom(event.propagatedFrom));
    this.#group.on('keydown', (event) => this.#onMarkerKey(event as PropagatedKeyboardEvent));
    this.#group.on('clusterkeydown', (event) => this.#onClusterKey(event as PropagatedKeyboardEvent));
    map.addLayer(this.#group);
  }

  remove(): void {
    this.#stopWaiting?.();
    this.#map.removeLayer(this.#group);
  }

  /** Shows these places: markers of providers already shown stay, the others are added or removed. */
  showPlaces(places: readonly DirectoryPlace[], selectedId: number | null): void {
    this.#selectedId = selectedId;
    const next = new Map<number, ProviderEntry>();
    const added: Marker[] = [];
    for (const place of places) {
      if (next.has(place.id)) continue;
      const entry = this.#entries.get(place.id);
      if (entry && entry.place.nombre === place.nombre && isSamePlace(entry.place.position, place.position)) {
        next.set(place.id, entry);
        continue;
      }
      const marker = this.#createMarker(place);
      next.set(place.id, { place, marker });
      added.push(marker);
    }
    const removed: Marker[] = [];
    for (const [id, entry] of this.#entries) if (next.get(id) !== entry) removed.push(entry.marker);
    this.#entries = next;

    if (removed.length > 0) this.#group.removeLayers(removed);
    if (added.length > 0) {
      this.#loadingBatches += 1;
      this.#group.addLayers(added);
    }
  }

  /** Redraws the pin that was selected and the one that is now. */
  select(selectedId: number | null): void {
    if (selectedId === this.#selectedId) return;
    const previous = this.#selectedId === null ? undefined : this.#entries.get(this.#selectedId);
    previous?.marker.setIcon(PIN_ICON).setZIndexOffset(0);
    this.#selectedId = selectedId;
    const current = selectedId === null ? undefined : this.#entries.get(selectedId);
    current?.marker.setIcon(SELECTED_PIN_ICON).setZIndexOffset(SELECTED_Z_OFFSET);
  }

  /** Takes the map to the provider's marker at zoom 16, further in (or spread out) when a cluster still hides it. */
  reveal(id: number): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    if (this.#loadingBatches > 0) {
      this.#pendingRevealId = id;
      return;
    }
    const { marker } = entry;
    // Once the clusters have settled at 16, the plugin zooms further in (or spreads the markers of
    // one door out) only if a cluster still hides the marker.
    const showMarker = () => this.#group.zoomToShowLayer(marker);
    const startZoom = this.#map.getZoom();
    this.#waitFor(this.#map, 'moveend', () => {
      // A new zoom splits or merges the clusters after the move, with their own animation.
      if (this.#map.getZoom() === startZoom) showMarker();
      else this.#waitFor(this.#group, 'animationend', showMarker);
    });
    this.#map.setView(marker.getLatLng(), PLACE_ZOOM);
  }

  /** Runs `then` once `target` fires one of `types`, or after CLUSTER_SETTLE_MS when it does not. */
  #waitFor(target: Evented, types: string, then: () => void): void {
    this.#stopWaiting?.();
    const stop = () => {
      window.clearTimeout(timer);
      target.off(types, done);
      if (this.#stopWaiting === stop) this.#stopWaiting = null;
    };
    const done = () => {
      stop();
      then();
    };
    const timer = window.setTimeout(done, CLUSTER_SETTLE_MS);
    target.on(types, done);
    this.#stopWaiting = stop;
  }

  #createMarker(place: DirectoryPlace): Marker {
    const marker = createMarker(place.position, {
      icon: place.id === this.#selectedId ? SELECTED_PIN_ICON : PIN_ICON,
      zIndexOffset: place.id === this.#selectedId ? SELECTED_Z_OFFSET : 0,
      title: place.nombre,
      alt: place.nombre,
      keyboard: true,
    });
    // Leaflet writes `alt` only on image icons, and makes a new element each time the marker is shown.
    marker.on('add', nameMarkerElement);
    this.#idsByMarker.set(marker, place.id);
    return marker;
  }

  #finishBatch(): void {
    this.#loadingBatches = Math.max(0, this.#loadingBatches - 1);
    if (this.#loadingBatches > 0 || this.#pendingRevealId === null) return;
    const id = this.#pendingRevealId;
    this.#pendingRevealId = null;
    this.reveal(id);
  }

  #selectFrom(layer: Layer): void {
    const id = this.#idsByMarker.get(layer);
    if (id !== undefined) this.#onSelect(id);
  }

  /** Enter or Space on a focused marker chooses it, as a click does. */
  #onMarkerKey(event: PropagatedKeyboardEvent): void {
    if (!isActivationKey(event.originalEvent)) return;
    event.originalEvent.preventDefault();
    this.#selectFrom(event.propagatedFrom);
  }

  /**
   * Enter or Space on a focused cluster opens it as a click does (zooming in,
   * or spreading its markers out at the last zoom), then puts the focus on
   * the first marker or cluster that came out of it, since the cluster's own
   * element is gone.
   */
  #onClusterKey(event: PropagatedKeyboardEvent): void {
    if (!isActivationKey(event.originalEvent)) return;
    // Also keeps the plugin's own Enter handling (which focuses the map) from running.
    event.originalEvent.preventDefault();
    const cluster = event.propagatedFrom as MarkerCluster;
    const children = cluster.getAllChildMarkers();
    this.#waitFor(this.#group, 'animationend spiderfied', () => this.#focusFirstShown(children));
    // The plugin reads it as 'clusterclick': the same zoom or spread as the mouse gets.
    cluster.fire('click', {}, true);
  }

  /** Focuses the first (top, then left) marker or cluster now showing one of these markers, or else the map. */
  #focusFirstShown(markers: readonly Marker[]): void {
    const bounds = this.#map.getBounds();
    let first: { element: HTMLElement; y: number; x: number } | null = null;
    for (const child of markers) {
      const shown = this.#group.getVisibleParent(child) as Marker | null;
      const element = shown?.getElement();
      if (!shown || !element || !bounds.contains(shown.getLatLng())) continue;
      const { x, y } = this.#map.latLngToContainerPoint(shown.getLatLng());
      if (!first || y < first.y || (y === first.y && x < first.x)) first = { element, y, x };
    }
    (first?.element ?? this.#map.getContainer()).focus();
  }
}

function isActivationKey(event: KeyboardEvent): boolean {
  return (event.key === 'Enter' || event.key === ' ') && !event.altKey && !event.ctrlKey && !event.metaKey;
}

/** Gives the marker's element its provider's name (the marker's title) as its accessible name. */
function nameMarkerElement(event: LeafletEvent): void {
  const marker = event.target as Marker;
  marker.getElement()?.setAttribute('aria-label', marker.options.title ?? '');
}

/**
 * A cluster's icon: the plugin's look (MarkerCluster.Default.css, by size),
 * focusable and named for what choosing it does.
 */
class ClusterIcon extends DivIcon {
  readonly #label: string;

  constructor(label: string, options: DivIconOptions) {
    super(options);
    this.#label = label;
  }

  override createIcon(oldIcon?: HTMLElement): HTMLElement {
    const element = super.createIcon(oldIcon);
    element.tabIndex = 0;
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', this.#label);
    return element;
  }
}

function createClusterIcon(cluster: MarkerCluster): DivIcon {
  const count = cluster.getChildCount();
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return new ClusterIcon(formatClusterLabel(count), {
    // The number alone is drawn; the name says the rest.
    html: `<div aria-hidden="true"><span>${formatNumber(count)}</span></div>`,
    className: `marker-cluster marker-cluster-${size} ${styles.cluster}`,
    iconSize: [40, 40],
  });
}
