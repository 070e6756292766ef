import { defineConfig } from '@adonisjs/core/http'

/** config/app.ts of an AdonisJS application: the HTTP server's defaults, as the starter kits keep them. */
export const http = defineConfig({
  generateRequestId: false,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  cookie: {},
})

/** The encryption key (APP_KEY). It signs cookies and URLs, neither of which the catalog uses. */
export const appKey = 'fw-conformance-adapter-key-not-a-secret'
