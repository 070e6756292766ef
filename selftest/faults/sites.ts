import type { Patch } from '../Fault';

/**
 * Places of the reference that several faults patch. Kept in one module so that when the
 * reference changes, one edit here brings every fault that uses the place up to date (the
 * catalog test names the stale ones).
 */
export const DISPATCHER = 'reference/src/http/ControllerDispatcher.ts';
export const ROUTER = 'reference/src/routing/Router.ts';
export const STACK = 'reference/src/http/MiddlewareStack.ts';
export const FORM_REQUEST = 'reference/src/validation/FormRequest.ts';
export const MODEL = 'reference/src/database/Model.ts';

/** Both calls of a controller action (by position, and with declared parameters). */
const CONTROLLER_CALLS = [
  '        if (specs === undefined) return then((action as (...a: unknown[]) => unknown).apply(controller, positional(route, request)), toResponse);',
  '        const args = this.resolveArguments(specs, request, container);',
  '        // Arguments at hand (no parameter resolved to a promise, the usual case): no closure to wait for them.',
  '        if (!isThenable(args)) return then((action as (...a: unknown[]) => unknown).apply(controller, args), toResponse);',
  '        return args.then((resolved: unknown[]) => then((action as (...a: unknown[]) => unknown).apply(controller, resolved), toResponse));',
].join('\n');

/**
 * Patches that hand what a controller action returned (`result`) to `body`, which must return
 * the response; `specs` (undefined for an action run by position) and `controller` are in scope.
 */
export function onActionResult(body: string): Patch[] {
  return [
    { file: DISPATCHER, find: "import type { Response } from './Response';", replace: "import { Response } from './Response';\nimport { JsonResponse } from './JsonResponse';" },
    {
      file: DISPATCHER,
      find: CONTROLLER_CALLS,
      replace: [
        '        return (async () => {',
        '          const args = specs === undefined ? positional(route, request) : await this.resolveArguments(specs, request, container);',
        '          const result: unknown = await (action as (...a: unknown[]) => unknown).apply(controller, args);',
        `          ${body}`,
        '        })();',
      ].join('\n'),
    },
  ];
}

/** The call of a closure action; `replace` is the whole new statement. */
export function closureCall(replace: string): Patch {
  return { file: DISPATCHER, find: 'return then(handler.fn(...positional(route, request)), toResponse);', replace };
}

/** The resolution of one declared parameter `specs[i]` into `value`; `replace` declares `value`. */
export function parameterResolution(replace: string): Patch {
  return { file: DISPATCHER, find: 'const value = this.resolveParameter(specs[i] as ParamSpec, request, container);', replace };
}

/** The router's answer when no route of any method matches; `replace` is the whole new statement. */
export function notFoundAnswer(replace: string): Patch {
  return { file: ROUTER, find: 'if (result.status === 404) return errorResponse(404);', replace };
}

/** The router's answer when routes of other methods match; `replace` is the whole new statement. */
export function notAllowedAnswer(replace: string): Patch {
  return { file: ROUTER, find: "if (result.status === 405) return errorResponse(405, undefined, { Allow: allowHeader(result.allowed) });", replace };
}

/** How a middleware layer is entered: `instance`, `layer`, `index`, `request`, `destination` are in scope. */
export function middlewareLayer(replace: string): Patch {
  return {
    file: STACK,
    find: [
      '      const next: Next = (nextRequest) => this.run(index + 1, nextRequest, destination);',
      '      const result = instance.handle(request, next, ...layer.args);',
      '      // One promise per layer, not an async function\'s two; none of its own for the outermost when the caller converts.',
      '      return isThenable(result) ? (convert ? Promise.resolve(result).then(toResponse) : (Promise.resolve(result) as Promise<Response>)) : Promise.resolve(toResponse(result));',
    ].join('\n'),
    replace,
  };
}
