/** Set by playwright.config.ts before the workers start. */
export const DATA_DIR = required('E2E_DATA_DIR');
/** The key the server signs sessions with (JWT_SECRET), set by playwright.config.ts for the run. */
export const JWT_SECRET = required('E2E_JWT_SECRET');

export const ADMIN = { user: 'admin@reddental.com.ar', pass: 'RedDental2025!' } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the suite through playwright.config.ts`);
  return value;
}
