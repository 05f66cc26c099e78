/** Lower-case without accents or repeated spaces: the form every name search compares. */
export function searchKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern that finds `text` anywhere, its own %, _ and backslash taken literally. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
