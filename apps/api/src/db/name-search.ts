import { type SQL, sql } from 'drizzle-orm';
import { IGNORED_IN_NAMES } from '../lib/text.ts';

const ACCENTED = 'áéíóúüñàèìòùâêîôûçÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÇ';
const PLAIN = 'aeiouunaeiouaeioucaeiouunaeiouaeiouc';

/**
 * A text column folded in SQL as `compactSearchKey` folds what is typed: lower-cased, the accents of
 * Spanish taken off and every character of IGNORED_IN_NAMES dropped (`translate` drops the characters
 * of its second argument that have no counterpart in the third). Upper-case accented letters are
 * listed too, since `lower` leaves them as they are under the C locale. For the small tables searched
 * without an index (accounts); a large one keeps the folded form in a column of its own.
 */
export const compactFolded = (column: SQL) =>
  sql`translate(lower(${column}), ${ACCENTED + IGNORED_IN_NAMES}, ${PLAIN})`;
