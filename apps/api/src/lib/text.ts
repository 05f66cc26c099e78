const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const DIACRITICS = /\p{Diacritic}/gu;
const SPACES = /\s+/g;

/** Lower-case without accents or repeated spaces: the form every name search compares. */
export function searchKey(value: string): string {
  // Plain ASCII has no accents to take off: the decomposition is only for the rest.
  const bare = PRINTABLE_ASCII.test(value) ? value : value.normalize('NFD').replace(DIACRITICS, '');
  return bare.toLowerCase().replace(SPACES, ' ').trim();
}

/** A LIKE pattern that finds `text` anywhere, its own %, _ and backslash taken literally. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "Juan Carlos Pérez" → "J. C. P.": enough for the owner to recognise, little for whoever else knows the document. */
export function initials(nombre: string): string {
  return nombre
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${word[0]!.toLocaleUpperCase('es-AR')}.`)
    .join(' ');
}
