/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the API; `/api` on the same origin when unset. */
  readonly VITE_API_URL?: string;
  /** The organisation's public web site, offered from the registration notice. */
  readonly VITE_PUBLIC_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
