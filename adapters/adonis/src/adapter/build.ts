// Manifest -> a fresh, booted AdonisJS application (protocol §2.3), made the way AdonisJS's own
// HTTP server process makes one (Ignitor.httpServer().start(): createApp('web'), init, boot,
// start, server.boot()), short of listening: the adapter's server hands it each request.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Ignitor } from '@adonisjs/core'
import type { Server } from '@adonisjs/core/http'
import type { ApplicationService } from '@adonisjs/core/types'
import { rcFile } from '../adonisrc.js'
import { config } from '../config/index.js'
import type { Manifest } from './manifest.js'
import { runRouteFile } from './route_file.js'

/** The application folder (AdonisJS's appRoot): resources/views is there. */
export const APP_ROOT = new URL('../../', import.meta.url)

/** AdonisJS refused the application: 422 kind boot with its message. */
export class BootError extends Error {}

export interface BuiltApp {
  routeCount: number
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>
  url(name: string, params: Record<string, unknown>): string
  terminate(): Promise<void>
}

/** bin/server.ts's importer: what `app.import()` resolves for string handlers. */
function importer(filePath: string): Promise<unknown> {
  if (filePath.startsWith('./') || filePath.startsWith('../')) return import(new URL(filePath, APP_ROOT).href)
  return import(filePath)
}

export async function buildApp(manifest: Manifest): Promise<BuiltApp> {
  const routeFile = (name: string) => async (app: ApplicationService) => runRouteFile(await app.container.make('router'), manifest.routeFiles[name] ?? [])
  const ignitor = new Ignitor(APP_ROOT, { importer }).tap((app) => {
    app.rcContents(rcFile(app, { web: routeFile('web'), bootstrap: (manifest.bootstrap ?? []).map(routeFile), providers: (manifest.providers ?? []).map(routeFile) }))
    app.useConfig(config)
  })
  const app = ignitor.createApp('web')
  let server: Server | undefined
  try {
    await app.init()
    await app.boot()
    await app.start(async () => {
      server = await app.container.make('server')
      await server.boot()
    })
  } catch (err) {
    await app.terminate().catch(() => undefined)
    throw new BootError(err instanceof Error ? err.message : String(err))
  }
  const router = await app.container.make('router')
  const booted = server!
  return {
    routeCount: Object.values(router.toJSON()).reduce((n, routes) => n + routes.length, 0),
    serve: async (req, res) => {
      await booted.handle(req, res)
    },
    // AdonisJS's URL builder (`urlFor` of @adonisjs/core/services/url_builder), two arguments as the
    // spec's route(name, params); its types only know the routes of a generated routes file.
    url: (name, params) => (router.urlBuilder.urlFor as unknown as (name: string, params: unknown) => string)(name, params),
    terminate: () => app.terminate(),
  }
}
