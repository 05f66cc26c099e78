import { fireEvent, waitFor } from '@testing-library/react';
import { map as createMap, type Map as LeafletMap } from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryPlace } from './directory-places.ts';
import { ProviderLayer } from './leaflet-provider-layer.ts';

// Three doors a few blocks apart: apart at street level, one cluster at city level.
const ANA: DirectoryPlace = { id: 1, nombre: 'Ana Benítez', position: { lat: -34.595, lng: -58.395 } };
const BRUNO: DirectoryPlace = { id: 2, nombre: 'Bruno Díaz', position: { lat: -34.6, lng: -58.38 } };
const CARLA: DirectoryPlace = { id: 3, nombre: 'Carla Ruiz', position: { lat: -34.605, lng: -58.37 } };

let container: HTMLDivElement;
let map: LeafletMap;

/** A map of 800 × 600 px (jsdom lays nothing out, so the size is given). */
function openMap(zoom: number): LeafletMap {
  container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: 800 });
  Object.defineProperty(container, 'clientHeight', { value: 600 });
  document.body.append(container);
  map = createMap(container, {
    maxZoom: 18,
    zoomAnimation: false,
    fadeAnimation: false,
    markerZoomAnimation: false,
  });
  map.setView([-34.6, -58.383], zoom);
  return map;
}

/** The markers and clusters on the map, by their accessible names. */
function shownNames(): string[] {
  return [...container.querySelectorAll('.leaflet-marker-icon')].map(
    (e) => e.getAttribute('aria-label') ?? '',
  );
}

const markerNamed = (name: string) => container.querySelector<HTMLElement>(`[aria-label="${name}"]`)!;

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  map.remove();
  container.remove();
});

describe('ProviderLayer', () => {
  it('shows one named, focusable marker per provider at street level', async () => {
    const layer = new ProviderLayer(openMap(16), vi.fn());
    layer.showPlaces([ANA, BRUNO, CARLA], null);
    await waitFor(() => expect(shownNames().sort()).toEqual(['Ana Benítez', 'Bruno Díaz', 'Carla Ruiz']));
    expect(markerNamed('Ana Benítez').tabIndex).toBe(0);
  });

  it('gathers near providers in one cluster named for what choosing it does', async () => {
    const layer = new ProviderLayer(openMap(10), vi.fn());
    layer.showPlaces([ANA, BRUNO, CARLA], null);
    await waitFor(() => expect(shownNames()).toEqual(['3 profesionales: acercar']));
    const cluster = markerNamed('3 profesionales: acercar');
    expect(cluster).toHaveAttribute('role', 'button');
    expect(cluster.tabIndex).toBe(0);
  });

  it('shows the next list in place of the last one, the chosen pin still drawn apart', async () => {
    const onSelect = vi.fn();
    const layer = new ProviderLayer(openMap(16), onSelect);
    layer.showPlaces([ANA, BRUNO], 1);
    await waitFor(() => expect(shownNames()).toHaveLength(2));
    const chosen = markerNamed('Ana Benítez').className;

    layer.showPlaces([ANA, CARLA], 1);
    await waitFor(() => expect(shownNames().sort()).toEqual(['Ana Benítez', 'Carla Ruiz']));
    expect(markerNamed('Ana Benítez').className).toBe(chosen);
    expect(markerNamed('Carla Ruiz').className).not.toBe(chosen);
    fireEvent.click(markerNamed('Carla Ruiz'));
    expect(onSelect).toHaveBeenLastCalledWith(3);
  });

  it('chooses a provider by click and by Enter or Space on its marker', async () => {
    const onSelect = vi.fn();
    const layer = new ProviderLayer(openMap(16), onSelect);
    layer.showPlaces([ANA, BRUNO], null);
    await waitFor(() => expect(shownNames()).toHaveLength(2));

    fireEvent.click(markerNamed('Bruno Díaz'));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(markerNamed('Ana Benítez'), { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(markerNamed('Ana Benítez'), { key: ' ' });
    expect(onSelect).toHaveBeenCalledTimes(3);
    fireEvent.keyDown(markerNamed('Ana Benítez'), { key: 'Enter', ctrlKey: true });
    expect(onSelect).toHaveBeenCalledTimes(3);
  });

  it('draws the chosen pin apart and above the rest, and only that one', async () => {
    const layer = new ProviderLayer(openMap(16), vi.fn());
    layer.showPlaces([ANA, BRUNO], 1);
    await waitFor(() => expect(shownNames()).toHaveLength(2));
    const ordinary = markerNamed('Bruno Díaz').className;
    expect(markerNamed('Ana Benítez').className).not.toBe(ordinary);

    layer.select(2);
    expect(markerNamed('Ana Benítez').className).toBe(ordinary);
    expect(markerNamed('Bruno Díaz').className).not.toBe(ordinary);
    expect(Number(markerNamed('Bruno Díaz').style.zIndex)).toBeGreaterThan(
      Number(markerNamed('Ana Benítez').style.zIndex),
    );
  });

  it('takes the map to a provider at street level when its card is chosen', async () => {
    const layer = new ProviderLayer(openMap(10), vi.fn());
    layer.showPlaces([ANA, BRUNO, CARLA], null);
    await waitFor(() => expect(shownNames()).toHaveLength(1));

    layer.reveal(CARLA.id);
    expect(map.getZoom()).toBe(16);
    expect(map.getCenter().lat).toBeCloseTo(CARLA.position.lat, 5);
    await waitFor(() => expect(shownNames()).toContain('Carla Ruiz'));
  });

  it('leaves the map with no trace when removed', async () => {
    const layer = new ProviderLayer(openMap(16), vi.fn());
    layer.showPlaces([ANA], null);
    await waitFor(() => expect(shownNames()).toHaveLength(1));
    layer.remove();
    expect(shownNames()).toEqual([]);
  });
});
