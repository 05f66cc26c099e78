/** Messages of the affiliate's provider directory (the cartilla) and the reports on its data. */

export const NO_RESULTS = 'No se encontraron profesionales para esta especialidad';
export const GEOLOCATION_DENIED =
  'No pudimos conocer su ubicación. Revise el permiso del navegador para este sitio.';
export const GEOLOCATION_UNAVAILABLE = 'Su navegador no puede informar la ubicación.';
export const MAP_FAILED = 'No se pudo cargar el mapa. La lista de profesionales sigue disponible.';
