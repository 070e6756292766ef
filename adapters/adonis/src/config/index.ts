import { appKey, http } from './app.js'
import bodyparser from './bodyparser.js'
import encryption from './encryption.js'
import logger from './logger.js'

/**
 * What an AdonisJS application's config/ folder holds, as one object for `app.useConfig()`:
 * the adapter builds many applications in one process and gives each the same configuration.
 */
export const config = {
  app: { appKey, appUrl: 'http://localhost', http },
  bodyparser,
  encryption,
  logger,
}
