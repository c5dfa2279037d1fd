/// <reference types="vite/client" />

// Build-time settings (Vite inlines every VITE_* variable). All optional: src/config/env.ts
// supplies the defaults and rejects malformed values by name.
interface ImportMetaEnv {
  readonly VITE_PRODUCT_NAME?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_PLAY_STORE_URL?: string;
  /** 'true' adds the route that throws on purpose, so the error page can be tested in a build. */
  readonly VITE_ENABLE_CRASH_ROUTE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
