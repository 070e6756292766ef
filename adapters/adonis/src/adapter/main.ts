// The AdonisJS adapter (protocol 2): one node:http server. `/__fw/*` is the control plane; every
// other request goes, untouched, to the AdonisJS application named by X-Fw-App (its
// `Server.handle()`, what AdonisJS's own HTTP server process calls for each request), with
// X-Fw-Trace added when AdonisJS writes its head. Started by the runner with PORT, TOKEN, HOST.
// bin/server.ts of an AdonisJS application starts with it: @inject() reads the emitted parameter types.
import 'reflect-metadata'
import * as http from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createRequire } from 'node:module'
import { buildApp, BootError, type BuiltApp } from './build.js'
import { firstManifestError, firstUrlBatchRequestError, firstUrlRequestError, type Manifest, type Problem } from './manifest.js'
import { runTraced, TRACE_HEADER } from './trace.js'

const require = createRequire(import.meta.url)
const core = require('@adonisjs/core/package.json') as { version: string }

const IMPLEMENTATION = { name: 'AdonisJS', version: core.version, language: 'TypeScript' }

/**
 * Protocol §5: what AdonisJS has an API for (README.md, "Capabilities"). Left out: form-requests
 * (no request class validated when resolved), models (no Model::validateAndBind()),
 * base-controller (AdonisJS ships no base controller class).
 */
const CAPABILITIES = [
  'routing', 'groups', 'middleware', 'route-middleware', 'resources', 'named-routes', 'url-generation',
  'injection', 'views', 'factory-content', 'factory-redirects', 'factory-api', 'route-files',
]
const CONTROL = '/__fw/'
/**
 * Requests served at once (§2.2 concurrency): Node.js interleaves them, and each application keeps
 * its own router, container and server (a fresh AdonisJS app per manifest), so none sees another's.
 */
const CONCURRENCY = 8
const MAX_BODY = 1024 * 1024

class ProtocolError extends Error {
  constructor(readonly status: number, readonly kind: string, message: string, readonly pointer?: string) {
    super(message)
  }
}

const token = process.env.TOKEN ?? ''
const apps = new Map<string, BuiltApp>()

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers })
  res.end(text)
}

function fail(res: http.ServerResponse, error: ProtocolError, headers: Record<string, string> = {}): void {
  send(res, error.status, { error: { kind: error.kind, message: error.message, ...(error.pointer === undefined ? {} : { pointer: error.pointer }) } }, headers)
}

function badRequest(problem: Problem): ProtocolError {
  return new ProtocolError(400, 'manifest', problem.message, problem.pointer)
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new ProtocolError(400, 'manifest', 'the body is larger than 1 MiB, the most this adapter reads', '')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new ProtocolError(400, 'manifest', 'the body is not valid JSON', '')
  }
}

function authorized(req: http.IncomingMessage): boolean {
  const given = Buffer.from(req.headers.authorization ?? '')
  const wanted = Buffer.from(`Bearer ${token}`)
  return token !== '' && given.length === wanted.length && timingSafeEqual(given, wanted)
}

function loaded(id: string): BuiltApp {
  const app = apps.get(id)
  if (!app) throw new ProtocolError(404, 'app', `no application is loaded under the id "${id}"`)
  return app
}

/** UrlBuilder::route() is AdonisJS's `urlFor(name, params)`; its error is a 422 kind url. */
function urlAnswer(app: BuiltApp, name: string, params: Record<string, unknown>): { url: string } | { error: { kind: 'url'; message: string } } {
  try {
    return { url: app.url(name, params) }
  } catch (err) {
    return { error: { kind: 'url', message: err instanceof Error ? err.message : String(err) } }
  }
}

async function unload(id: string): Promise<boolean> {
  const app = apps.get(id)
  if (!app) return false
  apps.delete(id)
  await app.terminate().catch((err: unknown) => process.stderr.write(`adapter: terminating ${id}: ${String(err)}\n`))
  return true
}

/** §2: the control plane. */
async function control(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!authorized(req)) throw new ProtocolError(401, 'auth', 'missing or wrong token: send Authorization: Bearer <TOKEN>')
  const call = (req.url ?? '').slice(CONTROL.length).split('?')[0]
  const method = req.method ?? 'GET'
  if (method === 'GET' && call === 'info') {
    return send(res, 200, { protocol: 2, implementation: IMPLEMENTATION, capabilities: CAPABILITIES, unloadWithLoad: true, urlBatches: true, handlers: 'context', groupCallback: 'none', concurrency: CONCURRENCY })
  }
  if (method === 'POST' && call === 'apps') {
    // §2.3: the applications named in X-Fw-Unload go first, whatever becomes of this load.
    for (const id of String(req.headers['x-fw-unload'] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) await unload(id)
    const value = await readJson(req)
    const bad = firstManifestError(value)
    if (bad) throw badRequest(bad)
    let app: BuiltApp
    try {
      app = await buildApp(value as Manifest)
    } catch (err) {
      if (err instanceof BootError) throw new ProtocolError(422, 'boot', err.message)   // AdonisJS's own words
      throw err
    }
    const id = randomBytes(8).toString('hex')
    apps.set(id, app)
    return send(res, 201, { app: id, routes: app.routeCount })
  }
  if (method === 'POST' && call === 'url') {
    const value = await readJson(req)
    const bad = firstUrlRequestError(value)
    if (bad) throw badRequest(bad)
    const request = value as { app: string; name: string; params: Record<string, unknown> }
    const answer = urlAnswer(loaded(request.app), request.name, request.params)
    if ('error' in answer) throw new ProtocolError(422, 'url', answer.error.message)
    return send(res, 200, answer)
  }
  if (method === 'POST' && call === 'urls') {
    const value = await readJson(req)
    const bad = firstUrlBatchRequestError(value)
    if (bad) throw badRequest(bad)
    const batch = value as { app: string; questions: Array<{ name: string; params: Record<string, unknown> }> }
    const app = loaded(batch.app)
    // Each answer names the place of its question (§2.4.1).
    return send(res, 200, { answers: batch.questions.map((q, question) => ({ question, ...urlAnswer(app, q.name, q.params) })) })
  }
  const deleting = /^apps\/([^/]+)$/.exec(call ?? '')
  if (method === 'DELETE' && deleting) {
    if (!(await unload(deleting[1]!))) throw new ProtocolError(404, 'app', `no application is loaded under the id "${deleting[1]}"`)
    return send(res, 204, undefined)
  }
  throw new ProtocolError(404, 'not-found', `no control call ${method} ${CONTROL}${call}`)
}

/** §3: an application request, handed to AdonisJS untouched. */
function application(req: http.IncomingMessage, res: http.ServerResponse): void {
  const id = req.headers['x-fw-app']
  const app = typeof id === 'string' ? apps.get(id) : undefined
  if (!app) {
    const message = typeof id === 'string' ? `no application is loaded under the id "${id}"` : 'an application request needs the header X-Fw-App: <id from POST /__fw/apps>'
    return fail(res, new ProtocolError(404, 'app', message), { 'X-Fw-Error': 'app' })
  }
  // AdonisJS writes its head itself; the trace is complete only then.
  const trace: string[] = []
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse
  res.writeHead = ((...args: unknown[]) => {
    res.setHeader(TRACE_HEADER, trace.join(','))
    return writeHead(...args)
  }) as typeof res.writeHead
  runTraced(trace, () => app.serve(req, res)).catch((err: unknown) => {
    process.stderr.write(`adapter: failed serving ${req.method} ${req.url}: ${String(err)}\n`)
    if (!res.headersSent) fail(res, new ProtocolError(500, 'internal', 'the adapter failed'), { 'X-Fw-Error': 'internal' })
    else res.destroy()
  })
}

function main(): void {
  const port = Number(process.env.PORT ?? '8181')
  const host = process.env.HOST ?? '127.0.0.1'
  if (!token) {
    process.stderr.write('fw-adonis adapter: set TOKEN (the control-plane secret) in the environment\n')
    process.exit(2)
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`fw-adonis adapter: PORT must be a TCP port number, got "${process.env.PORT}"\n`)
    process.exit(2)
  }
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
    if ((req.url ?? '').startsWith(CONTROL)) {
      control(req, res).catch((err: unknown) => {
        const error = err instanceof ProtocolError ? err : new ProtocolError(500, 'internal', String((err as Error)?.message ?? err))
        if (!res.headersSent) fail(res, error)
      })
      return
    }
    application(req, res)
  })
  server.keepAliveTimeout = 30_000
  server.on('error', (err) => {
    process.stderr.write(`fw-adonis adapter: ${err.message}\n`)
    process.exit(1)
  })
  server.listen(port, host, () => process.stdout.write(`fw-adonis adapter (AdonisJS ${core.version}) listening on http://${host}:${port}\n`))
  // §1: exit 0 on SIGTERM.
  const stop = (): void => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main()
