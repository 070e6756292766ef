import { defineConfig, destination } from '@adonisjs/core/logger'

/** Errors AdonisJS reports (a 500's cause) go to stderr, which the runner shows next to a failure. */
export default defineConfig({
  default: 'app',
  loggers: {
    app: { enabled: true, name: 'fw-adonis', level: 'error', destination: destination(2) },
  },
})
