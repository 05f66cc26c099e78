/**
 * Addresses of the web app that mails link to, under the installation's public URL
 * (`PUBLIC_URL`, without a trailing slash).
 */
type PublicUrl = { publicUrl: string };

/** The back office's sign-in page: where staff and dentists are sent to sign in again. */
export const staffLoginUrl = (config: PublicUrl) => `${config.publicUrl}/login`;

/** The affiliates' portal sign-in page (by document). */
export const affiliateLoginUrl = (config: PublicUrl) => `${config.publicUrl}/login-afiliado`;

/** The portal's 'Mis prestaciones' (the sign-in page first, when there is no session, and back). */
export const affiliatePrestacionesUrl = (config: PublicUrl) => `${config.publicUrl}/prestaciones-afiliado`;
