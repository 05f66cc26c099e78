import { type DivIcon, divIcon } from 'leaflet';
import base from './leaflet-base.module.css';

/** The class of a map's container (see leaflet-base.module.css). */
export const MAP_CLASS = base.map;

/** The office pin as a Leaflet icon, with an extra class for a variant (the chosen one). */
export function pinIcon(variant?: string): DivIcon {
  return divIcon({
    className: variant ? `${base.pin} ${variant}` : base.pin,
    html: '',
    iconSize: [30, 34],
    iconAnchor: [15, 34],
  });
}
