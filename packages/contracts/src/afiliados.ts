export const DOCUMENT_TYPES = ['DNI', 'Pasaporte', 'LE', 'LC', 'CI'] as const;
export type TipoDocumento = (typeof DOCUMENT_TYPES)[number];
/** The edit modal offers only these two (spec section 5), plus the affiliate's current type. */
export const EDIT_DOCUMENT_TYPES = ['DNI', 'Pasaporte'] as const;
/** Types whose document is a plain number of 6 to 9 digits. */
export const NUMERIC_DOCUMENT_TYPES: readonly TipoDocumento[] = ['DNI', 'LE', 'LC'];

/**
 * Documents are stored and looked up in one form: everything but letters and
 * digits dropped, letters upper-cased ("30.123.456" → "30123456").
 */
export function normalizeDocumento(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase();
}

export function isValidDocumento(tipo: TipoDocumento, normalized: string): boolean {
  if (normalized.length === 0 || normalized.length > 20) return false;
  if (NUMERIC_DOCUMENT_TYPES.includes(tipo)) return /^\d{6,9}$/.test(normalized);
  return true;
}
