const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const DIACRITICS = /\p{Diacritic}/gu;
const SPACES = /\s+/g;

/** Lower-case without accents or repeated spaces: the form every name search compares. */
export function searchKey(value: string): string {
  // Plain ASCII has no accents to take off: the decomposition is only for the rest.
  const bare = PRINTABLE_ASCII.test(value) ? value : value.normalize('NFD').replace(DIACRITICS, '');
  return bare.toLowerCase().replace(SPACES, ' ').trim();
}

/**
 * What name search ignores besides case and accents: spaces, apostrophes (' ’ ‘ ´ ʼ `), hyphens
 * (‐ ‑ ‒ – — ―) and the rest of ASCII's punctuation, so "dalessandro" finds "D'Alessandro" and
 * "de la fuente" finds "Delafuente". A fixed list rather than "all but letters", so that SQL can drop
 * exactly the same characters with `translate` (db/name-search.ts) whatever the database's locale.
 */
export const IGNORED_IN_NAMES =
  ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~\u2018\u2019\u00b4\u02bc\u2010\u2011\u2012\u2013\u2014\u2015';
const IGNORED = new RegExp(
  `[${[...IGNORED_IN_NAMES].map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join('')}]`,
  'gu',
);

/** searchKey without spaces, apostrophes, hyphens or other punctuation: the form substring name search compares. */
export function compactSearchKey(value: string): string {
  return searchKey(value).replace(IGNORED, '');
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

/** "juan.perez@gmail.com" → "ju***@gmail.com": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** "60-123456-01" → "****6-01": the card's last four characters, which its owner recognises. */
export function maskNumero(numero: string): string {
  return numero.length <= 4 ? '****' : `****${numero.slice(-4)}`;
}

/** "011 15-4800-2290" → "01 ****-2290": the first two and the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 2)} ****-${digits.slice(-4)}`;
}
