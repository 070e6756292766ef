import { CAPABILITIES, type Capability, type Handler, type Manifest, type Statement } from './manifest';

/**
 * What a manifest needs of an adapter (protocol §5). The runner decides "unsupported" from this and
 * the declared capabilities before anything is sent, so an adapter cannot turn a scenario it fails
 * into an unsupported one by answering 501.
 */

/** Catalog actions that need more than `routing` (protocol §4.2, §5). `*` is every action of the class. */
const ACTIONS: Record<string, Record<string, Capability[]>> = {
  EchoController: {
    int: ['injection'], float: ['injection'], bool: ['injection'], mixed: ['injection'],
    withRequest: ['injection'], requestLast: ['injection'], requestNamed: ['injection'],
    withService: ['injection'], withCalendar: ['injection'],
    withForm: ['form-requests'], withModel: ['models'],
  },
  InjectedController: { '*': ['injection'] },
  ViewController: { '*': ['views'] },
  HelperController: {
    '*': ['base-controller'],
    responseFactory: ['base-controller', 'factory-content'],
    viewDefault: ['base-controller', 'views'],
    viewFull: ['base-controller', 'views'],
  },
  FactoryController: {
    json: ['factory-content'], text: ['factory-content'], noContent: ['factory-content'],
    view: ['factory-content', 'views'],
    redirect: ['factory-redirects'], redirectRoute: ['factory-redirects'],
    success: ['factory-api'], created: ['factory-api'], error: ['factory-api'],
    validationError: ['factory-api'], notFound: ['factory-api'],
  },
};

/** The capabilities beyond `routing` a controller action needs; unknown names need nothing. */
export function actionCapabilities(controller: string, action: string): Capability[] {
  const byAction = ACTIONS[controller];
  if (!byAction) return [];
  return byAction[action] ?? byAction['*'] ?? [];
}

/** Every capability the manifest needs beyond `routing`, in the order of protocol §5. */
export function manifestCapabilities(manifest: Manifest): Capability[] {
  const needed = new Set<Capability>();
  for (const statements of Object.values(manifest.routeFiles)) collect(statements, needed);
  if ((manifest.bootstrap?.length ?? 0) > 0 || (manifest.providers?.length ?? 0) > 0) needed.add('route-files');
  // A route file that nothing loads is only there to show that it stays unloaded.
  if (Object.keys(manifest.routeFiles).length > 1) needed.add('route-files');
  return ordered(needed);
}

function collect(statements: Statement[], needed: Set<Capability>): void {
  for (const s of statements) {
    if ('group' in s) {
      // A group that only attaches middleware is how the `middleware` capability is exercised on
      // its own; any other group() is the groups API.
      if (s.group.middleware !== undefined) needed.add('middleware');
      if (s.group.prefix !== undefined || s.group.middleware === undefined) needed.add('groups');
      collect(s.routes, needed);
    } else if ('resource' in s) {
      needed.add('resources');
      for (const c of actionCapabilities(s.controller, '*')) needed.add(c);
    } else {
      handlerCapabilities(s.handler).forEach((c) => needed.add(c));
      for (const call of s.chain ?? []) {
        if ('name' in call) needed.add('named-routes');
        else {
          needed.add('route-middleware');
          const names = Array.isArray(call.middleware) ? call.middleware : [call.middleware];
          // Block and WithClock show the pipeline itself (short-circuit, container-built middleware).
          if (names.some((n) => n === 'Block' || n === 'WithClock')) needed.add('middleware');
        }
      }
    }
  }
}

function handlerCapabilities(handler: Handler): Capability[] {
  return 'controller' in handler ? actionCapabilities(handler.controller, handler.action) : [];
}

export function ordered(capabilities: Iterable<Capability>): Capability[] {
  const set = new Set(capabilities);
  return CAPABILITIES.filter((c) => set.has(c));
}
