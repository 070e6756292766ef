import { defineConfig } from '@adonisjs/core/app'
import type { ApplicationService } from '@adonisjs/core/types'
import kernel from './start/kernel.js'

type RouteFile = (app: ApplicationService) => Promise<void>

/**
 * adonisrc.ts of the application built for a manifest (protocol §2.3). AdonisJS loads route
 * files as preloads: `web` is the starter kits' `start/routes` (after `start/kernel`), each
 * `bootstrap` file one more preload after it, in order; each `providers` file is loaded from the
 * boot() of a service provider the application registers. A route file no list names is never
 * loaded. Providers are AdonisJS's app provider (router, server, body parser, logger, encryption)
 * and Edge's (views).
 */
export function rcFile(app: ApplicationService, files: { web: RouteFile; bootstrap: RouteFile[]; providers: RouteFile[] }) {
  class RouteFilesProvider {
    constructor(protected app: ApplicationService) {}

    async boot() {
      for (const load of files.providers) await load(this.app)
    }
  }

  return defineConfig({
    providers: [
      () => import('@adonisjs/core/providers/app_provider'),
      () => import('@adonisjs/core/providers/edge_provider'),
      async () => ({ default: RouteFilesProvider }),
    ],
    // AdonisJS imports preload files all at once (Promise.all) and calls each without arguments;
    // a preload module reaches the application through the `app` service, these through `app`.
    preloads: [kernel, files.web, ...files.bootstrap].map((preload) => ({ file: () => preload(app), environment: ['web'] })) as never,
  })
}
