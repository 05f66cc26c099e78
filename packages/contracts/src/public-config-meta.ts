/**
 * The name of the meta element carrying the server's settings for the browser
 * (public-config.ts). Kept apart from their schema, so a page that only reads
 * the meta does not load the schema library.
 */
export const PUBLIC_CONFIG_META_NAME = 'red-dental-config';
