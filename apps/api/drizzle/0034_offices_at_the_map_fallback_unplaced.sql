-- An office stored at the map's fallback centre (Buenos Aires' Obelisco, -34.6037, -58.3816) was
-- never placed there: the map opened on it when the geocoder found neither the address nor the
-- locality, and a click or the 'centre of the map' button saved it. Such a place put offices in
-- Funes or Mendoza on Avenida 9 de Julio for the cartilla, 'Cerca mío' and the dashboard. They become
-- offices without a place, as if no pin had been put: the cartilla lists them without a map pin, the
-- dashboard counts them among the offices to place, and the dentist places the pin on the next save.
UPDATE profesionales
SET lat = NULL, long = NULL, ubicacion_origen = NULL, updated_at = now()
WHERE lat = -34.603700 AND long = -58.381600;
