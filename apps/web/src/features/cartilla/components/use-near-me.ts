import { MESSAGES } from '@red-dental/contracts';
import { useState } from 'react';
import type { Place } from './cartilla-filters.ts';

/**
 * 'Cerca mío': the affiliate's location, asked of the browser when turned on
 * (and forgotten when turned off). A refusal gives a Spanish message.
 */
export function useNearMe() {
  const [place, setPlace] = useState<Place | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = () => {
    setError(null);
    if (place) {
      setPlace(null);
      return;
    }
    if (!('geolocation' in navigator)) {
      setError(MESSAGES.cartilla.GEOLOCATION_UNAVAILABLE);
      return;
    }
    setIsLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setIsLocating(false);
        setPlace({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setIsLocating(false);
        setError(MESSAGES.cartilla.GEOLOCATION_DENIED);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  return { place, isLocating, error, toggle };
}
