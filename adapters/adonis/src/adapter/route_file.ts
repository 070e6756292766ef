// A manifest route file (protocol §2.3) run against AdonisJS's router, statement by statement,
// with AdonisJS's own API. Only notation is translated (README.md, "Translations"): `{name}`
// parameters are AdonisJS's `:name`, a constraint `{name:re}` is `.where('name', /^(?:re)$/)`,
// `->name(n)` is `.as(n)`, the group attributes are the group's `.prefix()` / `.middleware()`,
// catalog middleware are AdonisJS's named middleware references.
import type { Router } from '@adonisjs/core/http'
import { namedMiddleware } from '../start/kernel.js'
import { closure, controllers } from '../start/routes.js'
import type { ChainCall, Handler, Statement } from './manifest.js'

type Named = ReturnType<Router['named']>

/** Runs a route file's statements against the router AdonisJS handed the file. */
export function runRouteFile(router: Router, statements: Statement[]): void {
  run(router, statements, router.named(namedMiddleware))
}

function run(router: Router, statements: Statement[], middleware: Named): void {
  for (const s of statements) {
    if ('group' in s) {
      // AdonisJS calls the group callback with no argument (info `groupCallback: "none"`, protocol
      // §2.2): the routes the callback registers on the router the route file holds join the group.
      const group = router.group(() => run(router, s.routes, middleware))
      if (s.group.prefix !== undefined) {
        const { pattern, constraints } = translatePattern(s.group.prefix)
        group.prefix(pattern)
        for (const [name, re] of constraints) group.where(name, re)
      }
      if (s.group.middleware !== undefined) group.middleware(s.group.middleware.map((m) => middlewareFor(m, middleware)) as never)
    } else if ('resource' in s) {
      router.resource(s.resource, controllerFor(s.controller) as never)
    } else {
      const { pattern, constraints } = translatePattern(s.uri)
      const verb = s.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
      const route = router[verb](pattern, handlerFor(s.handler) as never)
      for (const [name, re] of constraints) route.where(name, re)
      for (const call of s.chain ?? []) chain(route, call, middleware)
    }
  }
}

function chain(route: ReturnType<Router['get']>, call: ChainCall, middleware: Named): void {
  if ('name' in call) {
    route.as(call.name)
  } else {
    const list = Array.isArray(call.middleware) ? call.middleware : [call.middleware]
    const mapped = list.map((m) => middlewareFor(m, middleware))
    route.middleware((Array.isArray(call.middleware) ? mapped : mapped[0]) as never)
  }
}

/**
 * A catalog middleware name is its named-middleware reference; `Name:a,b` passes `['a', 'b']`
 * as the reference's argument. Any other name reaches AdonisJS as the string it is.
 */
function middlewareFor(name: string, middleware: Named): unknown {
  const [base, args] = name.includes(':') ? [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)] : [name, undefined]
  if (!Object.prototype.hasOwnProperty.call(middleware, base)) return name
  const reference = middleware[base as keyof Named] as (...a: unknown[]) => unknown
  return args === undefined ? reference() : reference(args.split(','))
}

/** A catalog controller is its lazy import; any other name is AdonisJS's string notation `Name.action`. */
function controllerFor(name: string): unknown {
  return Object.prototype.hasOwnProperty.call(controllers, name) ? controllers[name as keyof typeof controllers] : name
}

function handlerFor(h: Handler): unknown {
  if ('controller' in h) {
    const controller = controllerFor(h.controller)
    return typeof controller === 'string' ? `${controller}.${h.action}` : [controller, h.action]
  }
  return closure(h.closure, 'value' in h ? h.value : undefined)
}

/**
 * `{name}` -> `:name`, `{name:re}` -> `:name` plus the constraint `^(?:re)$` (an AdonisJS matcher is
 * tested against the whole segment only when anchored, as AdonisJS's own `router.matchers` are).
 * A parameter ends at the brace that balances its opening one; a backslash escapes the next
 * character. A pattern with unbalanced braces reaches AdonisJS as it was written.
 */
export function translatePattern(uri: string): { pattern: string; constraints: Array<[string, RegExp]> } {
  const constraints: Array<[string, RegExp]> = []
  let pattern = ''
  let i = 0
  while (i < uri.length) {
    const c = uri[i]!
    if (c !== '{') {
      pattern += c
      i++
      continue
    }
    let depth = 1
    let j = i + 1
    while (j < uri.length && depth > 0) {
      if (uri[j] === '\\') j++
      else if (uri[j] === '{') depth++
      else if (uri[j] === '}') depth--
      j++
    }
    if (depth > 0) return { pattern: uri, constraints: [] }
    const inner = uri.slice(i + 1, j - 1)
    const colon = inner.indexOf(':')
    const name = colon === -1 ? inner : inner.slice(0, colon)
    pattern += `:${name}`
    if (colon !== -1) constraints.push([name, new RegExp(`^(?:${inner.slice(colon + 1)})$`)])
    i = j
  }
  return { pattern, constraints }
}
