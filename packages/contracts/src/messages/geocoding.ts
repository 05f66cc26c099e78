/** Messages of the address search behind the profile screens' address field. */

export const RATE_LIMITED = 'Demasiadas búsquedas de direcciones. Espere un minuto e intente nuevamente.';
