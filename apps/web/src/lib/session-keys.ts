/** The spec's storage key for the session token. */
export const TOKEN_KEY = 'DC_TOKEN';
/** Who the token belongs to: the kind of session and, for staff, the signed-in user. */
export const SESSION_KEY = 'DC_SESSION';
