import type { Fault } from '../Fault';
import { middlewareLayer, notAllowedAnswer, STACK } from './sites';

const ROUTE = 'reference/src/routing/Route.ts';

/** Faults written against the rules of the middleware.* section (selftest/faults/index.ts). */
export const FAULTS: Fault[] = [
  {
    id: 'middleware-closure-routes-skip-own', rule: 'middleware.route',
    description: '->middleware() on a closure route is accepted but ignored: closures "run directly", without their own middleware',
    patches: [{ file: ROUTE, find: '    this.middlewareList.push(...list);', replace: "    if (this.index < 0 || this.handler.kind === 'controller') this.middlewareList.push(...list);" }],
  },
  {
    id: 'middleware-built-with-new', rule: 'middleware.container',
    description: 'the middleware stack instantiates middleware classes with new and no arguments instead of resolving them from the container',
    patches: [{
      file: STACK,
      find: '    const instance = this.container.make<Middleware>(layer.key);',
      replace: '    const cls = this.container.classFor(layer.key);\n'
        + '    const instance = cls !== undefined ? (new (cls as unknown as new () => Middleware)()) : this.container.make<Middleware>(layer.key);',
    }],
  },
  {
    id: 'middleware-chained-list-sorted', rule: 'middleware.list-order',
    description: '->middleware([...]) on a route de-duplicates the list through a sorted set, so the middleware run in name order, not in the listed order',
    patches: [{ file: ROUTE, find: '    this.middlewareList.push(...list);', replace: '    this.middlewareList.push(...(this.index < 0 ? list : [...new Set(list)].sort()));' }],
  },
  {
    id: 'middleware-handler-runs-anyway', rule: 'middleware.short-circuit',
    description: 'when a middleware answers without calling next, the stack runs the inner layers and the handler anyway and sends their response',
    patches: [middlewareLayer('      let called = false;\n'
      + '      const next: Next = (nextRequest) => {\n'
      + '        called = true;\n'
      + '        return this.run(index + 1, nextRequest, destination);\n'
      + '      };\n'
      + '      return Promise.resolve(instance.handle(request, next, ...layer.args)).then((answer) => (called ? toResponse(answer) : this.run(index + 1, request, destination)));')],
  },
  {
    id: 'middleware-runs-on-405', rule: 'middleware.matched-route-only',
    description: 'for a 405, the middleware of a route registered for the URI under another method runs around the error answer',
    patches: [notAllowedAnswer('if (result.status === 405) {\n'
      + '      const answer = errorResponse(405, undefined, { Allow: allowHeader(result.allowed) });\n'
      + '      const sibling = this.routes.all().find((r) => r.pattern.regex.test(request.path));\n'
      + '      if (sibling === undefined || sibling.getMiddleware().length === 0) return answer;\n'
      + '      return new MiddlewareStack(container, sibling.getMiddleware()).handle(request, async () => answer);\n'
      + '    }')],
  },
  {
    id: 'middleware-controller-method', rule: 'middleware.no-controller-middleware',
    description: 'the base controller has a Laravel-style protected middleware() method',
    patches: [{
      file: 'reference/src/http/Controller.ts',
      find: '  protected json(data: unknown = [], status = 200, headers: HeaderInput = {}): JsonResponse {',
      replace: '  /** Middleware for this controller\'s actions. */\n'
        + '  protected middleware(middleware: string | string[]): void {\n'
        + '    void middleware;\n'
        + '  }\n\n'
        + '  protected json(data: unknown = [], status = 200, headers: HeaderInput = {}): JsonResponse {',
    }],
  },
  {
    id: 'middleware-redirect-rebuilt', rule: 'middleware.response-passthrough',
    description: 'a redirect passing back through middleware is rebuilt from its target URL, so its status becomes 302',
    patches: [
      { file: STACK, find: "import { toResponse } from './toResponse';\n", replace: "import { toResponse } from './toResponse';\nimport { RedirectResponse } from './RedirectResponse';\n" },
      {
        file: STACK,
        find: '    const next: Next = (nextRequest) => this.run(index + 1, nextRequest, destination);',
        replace: '    const next: Next = async (nextRequest) => {\n'
          + '      const inner = await this.run(index + 1, nextRequest, destination);\n'
          + '      return inner instanceof RedirectResponse ? new RedirectResponse(inner.targetUrl) : inner;\n'
          + '    };',
      },
    ],
  },
  {
    id: 'middleware-changes-lost', rule: 'middleware.modify-response',
    description: 'middleware receive a copy of the inner response and the stack sends the original, so changes made on the way out are lost',
    patches: [
      { file: STACK, find: "import type { Response } from './Response';", replace: "import { Response } from './Response';" },
      middlewareLayer('      let inner: Response | undefined;\n'
        + '      const next: Next = async (nextRequest) => {\n'
        + '        inner = await this.run(index + 1, nextRequest, destination);\n'
        + '        return new Response(inner.getContent(), inner.status, Object.fromEntries(inner.headers));\n'
        + '      };\n'
        + '      return Promise.resolve(instance.handle(request, next, ...layer.args)).then((answer) => inner ?? toResponse(answer));'),
    ],
  },
];
